import InstantScan

/// Text from outside (file names, error texts quoting them) made safe to print to a terminal:
/// ``VisibleText`` shows its controls and invisible format characters (bidirectional controls
/// above all) escaped, so a name can neither drive the terminal nor make a message read as
/// something it does not say.
package enum Terminal {
    package static func safe(_ text: String) -> String {
        VisibleText.safe(text)
    }
}
