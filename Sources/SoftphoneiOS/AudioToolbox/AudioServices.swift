public import Foundation
public import SoftphoneCore

// AudioToolbox's system sounds, passed to the phone's: one sound of a process plays at a time, a
// sound's completion runs once its length has passed (iOS rules 42, 43).

public typealias SystemSoundID = UInt32
public typealias OSStatus = Int32
/// Core Foundation's URL: iOS code writes `url as CFURL`.
public typealias CFURL = URL
public typealias CFRunLoop = SoftphoneCore.CFRunLoop
public typealias CFString = String
public typealias AudioServicesSystemSoundCompletionProc = SoftphoneCore.AudioServicesSystemSoundCompletionProc

public let kSystemSoundID_Vibrate: SystemSoundID = SoftphoneCore.kSystemSoundID_Vibrate
public let kAudioServicesNoError: OSStatus = SoftphoneCore.kAudioServicesNoError
public let kAudioServicesSystemSoundUnspecifiedError: OSStatus = SoftphoneCore.kAudioServicesSystemSoundUnspecifiedError

public func CFRunLoopGetMain() -> CFRunLoop { SoftphoneCore.CFRunLoopGetMain() }

/// Registers a sound file of the app's bundle. The phone knows the bundle's sounds by file name
/// (`AppBundle.sounds`), so any URL ending in one of those names finds it.
public func AudioServicesCreateSystemSoundID(_ inFileURL: CFURL, _ outSystemSoundID: UnsafeMutablePointer<SystemSoundID>) -> OSStatus {
    let inBundle = SoftphoneCore.Bundle.main.bundlePath + "/" + inFileURL.lastPathComponent
    return SoftphoneCore.AudioServicesCreateSystemSoundID(SoftphoneCore.URL(fileURLWithPath: inBundle), outSystemSoundID)
}

@discardableResult
public func AudioServicesDisposeSystemSoundID(_ inSystemSoundID: SystemSoundID) -> OSStatus {
    SoftphoneCore.AudioServicesDisposeSystemSoundID(inSystemSoundID)
}

public func AudioServicesPlaySystemSound(_ inSystemSoundID: SystemSoundID) { SoftphoneCore.AudioServicesPlaySystemSound(inSystemSoundID) }

public func AudioServicesPlayAlertSound(_ inSystemSoundID: SystemSoundID) { SoftphoneCore.AudioServicesPlayAlertSound(inSystemSoundID) }

public func AudioServicesPlaySystemSoundWithCompletion(_ inSystemSoundID: SystemSoundID, _ inCompletionBlock: (() -> Void)?) {
    SoftphoneCore.AudioServicesPlaySystemSoundWithCompletion(inSystemSoundID, inCompletionBlock)
}

public func AudioServicesPlayAlertSoundWithCompletion(_ inSystemSoundID: SystemSoundID, _ inCompletionBlock: (() -> Void)?) {
    SoftphoneCore.AudioServicesPlayAlertSoundWithCompletion(inSystemSoundID, inCompletionBlock)
}

@discardableResult
public func AudioServicesAddSystemSoundCompletion(
    _ inSystemSoundID: SystemSoundID, _ inRunLoop: CFRunLoop?, _ inRunLoopMode: CFString?,
    _ inCompletionRoutine: AudioServicesSystemSoundCompletionProc, _ inClientData: UnsafeMutableRawPointer?
) -> OSStatus {
    SoftphoneCore.AudioServicesAddSystemSoundCompletion(inSystemSoundID, inRunLoop, inRunLoopMode, inCompletionRoutine, inClientData)
}

public func AudioServicesRemoveSystemSoundCompletion(_ inSystemSoundID: SystemSoundID) {
    SoftphoneCore.AudioServicesRemoveSystemSoundCompletion(inSystemSoundID)
}
