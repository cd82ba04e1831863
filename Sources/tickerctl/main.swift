print("tickerctl")
