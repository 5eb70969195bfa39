print("game-server")
