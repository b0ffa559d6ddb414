// Prints cubic Bézier, transition and gradient token values through the generated API, one
// `name value` line each.
import EBTokens

let standard = EBTokens.Ease.standard
print("ease.standard", standard.x1, standard.y1, standard.x2, standard.y2)
print("ease.overshoot.y1", EBTokens.Ease.overshoot.y1)
print("ease.emphasis.equalsStandard", EBTokens.Ease.emphasis == standard)
let fade = EBTokens.Motion.fade
print("fade", fade.duration, fade.delay, fade.timingFunction == standard)
let slide = EBTokens.Motion.slide
print("slide", slide.duration, slide.delay, slide.timingFunction == EBTokens.Ease.overshoot)
print("enter.equalsFade", EBTokens.Motion.enter == fade)
let brand = EBTokens.Gradient.brand
for stop in brand.stops { print("brand.stop", stop.color.hex, stop.position) }
for stop in EBTokens.Gradient.sunrise.stops { print("sunrise.stop", stop.color.hex, stop.position) }
print("hero.equalsBrand", EBTokens.Gradient.hero == brand)
