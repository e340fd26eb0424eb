# InstantScan — the two commands a fresh Debian machine needs are `make demo` and `make test`;
# each installs what it needs first (apt packages: you are root there, or have sudo).

SWIFT ?= swift
APT_PACKAGES := libturbojpeg0-dev libjpeg62-turbo-dev libpng-dev liblcms2-dev pkg-config
# The tests also render the batch contact sheet in a real browser, and albums with poppler (pdftoppm).
TEST_APT_PACKAGES := chromium poppler-utils
# The relocatable release links Foundation statically, and into instantscan-review (`review`'s
# executable) FoundationNetworking too (the review server's HTTP package imports it), which links
# libcurl: its -dev package has the link-time name.
DIST_APT_PACKAGES := libcurl4-openssl-dev
# libheif 1.18 or later with its HEVC and AV1 decoders comes from Scripts/libheif-deps.sh (from
# Debian's backports on Debian 12); the tests also encode HEIC fixtures with heif-enc and x265.
TEST_HEIF_PACKAGES := libheif-examples libheif-plugin-x265
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/release/instantscan
EVAL ?= ../shared/eval

.PHONY: deps test-deps apt build demo test test-asan library-example docs fuzz fuzz-long eval bench output-hashes man dist clean

deps:
	@$(MAKE) --no-print-directory apt PACKAGES="$(APT_PACKAGES)"
	@bash Scripts/libheif-deps.sh

test-deps:
	@$(MAKE) --no-print-directory apt PACKAGES="$(APT_PACKAGES) $(TEST_APT_PACKAGES)"
	@bash Scripts/libheif-deps.sh $(TEST_HEIF_PACKAGES)

apt:
	@missing=""; for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

# `instantscan review` runs instantscan-review, built beside it: scans do not load its HTTP server.
build: deps
	$(SWIFT) build -c release --product instantscan
	$(SWIFT) build -c release --product instantscan-review

# Scans every photo in Samples/ (JPEG and HEIC) into out/: one PNG per print, plus the JSON of
# what was found.
demo: build
	@mkdir -p out
	@for photo in Samples/*.jpg Samples/*.heic; do \
		name=$$(basename "$${photo%.*}"); \
		$(BIN) scan "$$photo" -o "out/$$name.png" --overwrite --json > "out/$$name.json" || exit $$?; \
	done
	@echo "scans written to out/"

# The man page, generated from the commands' help by argument-parser's plugin (offline; a debug
# build), dated by the last commit so that it only changes when the help does.
man: deps
	$(SWIFT) package --disable-sandbox plugin generate-manual --configuration debug --date $$(git log -1 --format=%cs)
	@mkdir -p share/man/man1
	cp .build/plugins/GenerateManual/outputs/instantscan/instantscan.1 share/man/man1/instantscan.1
	@echo "man page: share/man/man1/instantscan.1 (man -l share/man/man1/instantscan.1)"

# A relocatable release: the CLI with the Swift runtime linked in (--static-swift-stdlib), the
# profiles, the man page and the Debian runtime packages in .build/dist/instantscan-VERSION-linux-ARCH.tar.gz,
# checked to run from the unpacked tarball without the toolchain (Scripts/dist.sh).
dist: deps
	@$(MAKE) --no-print-directory apt PACKAGES="$(DIST_APT_PACKAGES)"
	SWIFT=$(SWIFT) Scripts/dist.sh

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The README's library example built as a separate package depending on InstantScan by path, and
# run on the samples (Examples/run-library-example.sh; CI runs it).
library-example: deps
	Examples/run-library-example.sh

# The DocC catalogue (Sources/InstantScan/InstantScan.docc) as a static site in .build/docs.
docs: deps
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target InstantScan \
		--output-path .build/docs --transform-for-static-hosting

# A hash of every output of the demo, of scan and detect on the evaluation scenes and of merge:
# run before and after a refactor and diff (Benchmarks/output-hashes.sh).
output-hashes: build
	@SKIP_BUILD=1 Benchmarks/output-hashes.sh

# The test suite under AddressSanitizer (and LeakSanitizer), in its own build folder. Leaks inside
# the toolchain's libraries are suppressed (Fuzz/lsan.supp); any in InstantScan fail the run.
# ASAN_FILTER picks suites (CI: the codec and reliability suites but the Ctrl-C ones).
ASAN_FILTER ?=
test-asan: test-deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan -Xswiftc -use-ld=lld
	LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan.supp:print_suppressions=0 \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan $(if $(ASAN_FILTER),--filter '$(ASAN_FILTER)')

# libFuzzer with AddressSanitizer on every parser of untrusted bytes (Fuzz/README.md): a short pass
# (FUZZ_TIME seconds a harness, two at a time; CI runs it), or FUZZ_RUNS inputs a harness by hand.
FUZZ_TIME ?= 10
FUZZ_RUNS ?= 200000
fuzz: deps
	Fuzz/run.sh --time $(FUZZ_TIME) --parallel 2

fuzz-long: deps
	Fuzz/run.sh --runs $(FUZZ_RUNS) --parallel 2

# Scores detection and colour on ../shared/eval (needs its Python venv: ../shared/eval/setup.sh).
eval: build
	@PY=$$($(EVAL)/setup.sh) && \
	$$PY $(EVAL)/evaluate.py detect --scenes $(EVAL)/scenes --cmd '$(BIN) detect {image} --json' && \
	$$PY $(EVAL)/evaluate.py color --scenes $(EVAL)/scenes --cmd '$(BIN) scan {image} -o {out} --corners "{corners}"'

# Speed and memory beside OpenCV and ImageMagick on a 12 MP photo (not part of CI).
bench: build
	Benchmarks/run.sh

clean:
	rm -rf .build .build-asan .build-fuzz .build-client .build-dist out
