print("tickerd")
