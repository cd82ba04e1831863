import TickerCore
let chain = FontChain([.builtin])
for text in ["Hägar — Ünïcode Çafé “quotes” ♪ …", "The Very Long Song Title gjpqy", "ĄĘŁŃŚŹŻ ąęłńśźż ŒŠŽ œšž €™•"] {
  let strip = Strip(TextLine(text, fonts: chain), height: 8)
  print(strip.asciiArt); print()
}
let small = FontChain([.small])
let strip = Strip(TextLine("Small font: Hello World 123 ♪", fonts: small), height: 6)
print(strip.asciiArt)
