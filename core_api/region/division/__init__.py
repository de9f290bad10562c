"""China's administrative divisions (GB/T 2260): the region tree, its lookup and the area kind's check."""
