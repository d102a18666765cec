/// A registered sound, as AudioToolbox's `SystemSoundID`.
public typealias SystemSoundID = UInt32

/// The vibration motor as a system sound: play it for one short buzz (0.4 s observed,
/// `Phone.Rules.systemVibration`), whose completion fires when the buzz ends.
public let kSystemSoundID_Vibrate: SystemSoundID = 0x0000_0FFF
/// Success.
public let kAudioServicesNoError: OSStatus = 0
/// The sound could not be registered: the file is not in the app's bundle.
public let kAudioServicesSystemSoundUnspecifiedError: OSStatus = -1500

/// A function told when a system sound finishes, as `AudioServicesSystemSoundCompletionProc`: a
/// C function, so it captures nothing; `clientData` is what was given when it was added (e.g.
/// `Unmanaged.passUnretained(self).toOpaque()`).
public typealias AudioServicesSystemSoundCompletionProc = @convention(c) (SystemSoundID, UnsafeMutableRawPointer?) -> Void

/// Registers a sound file of the app's bundle (`Bundle.main.url(forResource:withExtension:)`) and
/// writes its number to `outSystemSoundID`. A file not in the bundle gives
/// `kAudioServicesSystemSoundUnspecifiedError`.
public func AudioServicesCreateSystemSoundID(_ inFileURL: CFURL, _ outSystemSoundID: UnsafeMutablePointer<SystemSoundID>) -> OSStatus {
    PhoneContext.current?.createSystemSound(url: inFileURL, into: outSystemSoundID) ?? kAudioServicesSystemSoundUnspecifiedError
}

/// Forgets a registered sound; if it is playing, it stops.
@discardableResult
public func AudioServicesDisposeSystemSoundID(_ inSystemSoundID: SystemSoundID) -> OSStatus {
    PhoneContext.current?.disposeSystemSound(inSystemSoundID) ?? kAudioServicesSystemSoundUnspecifiedError
}

/// Plays a registered sound once, or buzzes for `kSystemSoundID_Vibrate`. One sound of the process
/// plays at a time: a new one replaces the one playing.
public func AudioServicesPlaySystemSound(_ inSystemSoundID: SystemSoundID) {
    PhoneContext.current?.playSystemSound(inSystemSoundID, alert: false, completion: nil)
}

/// Plays a registered sound once and, on an iPhone, buzzes with it.
public func AudioServicesPlayAlertSound(_ inSystemSoundID: SystemSoundID) {
    PhoneContext.current?.playSystemSound(inSystemSoundID, alert: true, completion: nil)
}

/// `AudioServicesPlaySystemSound`, then `inCompletionBlock` when this play ends.
public func AudioServicesPlaySystemSoundWithCompletion(_ inSystemSoundID: SystemSoundID, _ inCompletionBlock: (() -> Void)?) {
    PhoneContext.current?.playSystemSound(inSystemSoundID, alert: false, completion: inCompletionBlock)
}

/// `AudioServicesPlayAlertSound`, then `inCompletionBlock` when this play ends.
public func AudioServicesPlayAlertSoundWithCompletion(_ inSystemSoundID: SystemSoundID, _ inCompletionBlock: (() -> Void)?) {
    PhoneContext.current?.playSystemSound(inSystemSoundID, alert: true, completion: inCompletionBlock)
}

/// Calls `inCompletionRoutine` each time the sound finishes playing, on the process's main run
/// loop (the run loop and mode are accepted for Apple's signature; every run loop here is one).
/// Adding another replaces it.
@discardableResult
public func AudioServicesAddSystemSoundCompletion(
    _ inSystemSoundID: SystemSoundID, _ inRunLoop: CFRunLoop?, _ inRunLoopMode: CFString?,
    _ inCompletionRoutine: AudioServicesSystemSoundCompletionProc, _ inClientData: UnsafeMutableRawPointer?
) -> OSStatus {
    PhoneContext.current?.addSystemSoundCompletion(inSystemSoundID, routine: inCompletionRoutine, clientData: inClientData)
    return kAudioServicesNoError
}

/// Stops calling the sound's completion routine.
public func AudioServicesRemoveSystemSoundCompletion(_ inSystemSoundID: SystemSoundID) {
    PhoneContext.current?.removeSystemSoundCompletion(inSystemSoundID)
}
