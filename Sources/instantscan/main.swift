import InstantScan
print("instantscan")
