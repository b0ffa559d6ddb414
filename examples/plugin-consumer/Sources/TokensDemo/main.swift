// `EBTokens` is generated from tokens/ by EBTokensPlugin when the target builds.
print("information background \(EBTokens.Main.Alert.Color.Information.bg.hex)")
print("information title \(EBTokens.Main.Alert.Color.Information.labelTitle.hex)")
print("space 16 \(EBTokens.Space.space16)")
print("body \(EBTokens.Typography.body.size)pt weight \(EBTokens.Typography.body.weight)")
