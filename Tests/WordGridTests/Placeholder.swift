import WordGrid
