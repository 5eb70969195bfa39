// The tic-tac-toe game: see TicTacToe.swift.
