import TicTacToe
