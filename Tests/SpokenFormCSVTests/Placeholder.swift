// CSV tests arrive with the CSV converter.
