import GameCore
