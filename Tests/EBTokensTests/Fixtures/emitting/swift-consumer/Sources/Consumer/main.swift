// Prints token values through the generated API, one `name value` line each.
import EBTokens

let brand = EBTokens.Color.Brand.self
print("description.alpha", brand.description.alpha)
print("description.hex", brand.description.hex)
print("labelTitle.hex", brand.labelTitle.hex)
print("link.hex", brand.link.hex)
print("default.hex", brand.default.hex)
print("mixed.red", brand.mixed.red)
print("size.2xl", EBTokens.Size._2xl)
print("size.halfRem", EBTokens.Size.halfRem)
print("size.radius.default", EBTokens.Size.Radius.default)
print("size.negative", EBTokens.Size.negative)
print("typography.family.body", EBTokens.Typography.Family.body)
print("typography.weight.bold", EBTokens.Typography.Weight.bold)
print("typography.type.scale", EBTokens.Typography.Type_.scale)
print("motion.duration.fast", EBTokens.Motion.Duration.fast)
print("motion.duration.slow", EBTokens.Motion.Duration.slow)
