import SoftphoneApps
import SoftphoneShell

// softphone: the terminal phone with the built-in apps, voip the default. Everything it does is
// in SoftphoneShell, so a package with apps of its own runs them the same way.
Softphone.main(apps: InstalledApps.builtIn.all)
