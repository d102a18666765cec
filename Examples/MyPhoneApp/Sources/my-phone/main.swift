// The terminal phone, running My Phone: every `softphone` option and subcommand works
// (`swift run my-phone --plain`, `… call`, `… scenario FILE`, …).
import MyPhoneApp
import SoftphoneShell

Softphone.main(apps: [myPhoneApp])
