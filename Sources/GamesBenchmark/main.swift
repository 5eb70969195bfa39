print("games-benchmark")
