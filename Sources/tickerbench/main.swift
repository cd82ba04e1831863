print("tickerbench")
