// App delegates that handle a call-back as published code does, each starting the CallManager of
// CallManager.swift at launch: one through `startCallHandle`, one written for iOS 10 to 12 that
// knows only INStartAudioCallIntent, and one with the restoration handler of the SDKs before
// iOS 12, `([Any]?) -> Void`.
import Foundation
import Intents
import UIKit

/// Calls back whatever call intent the activity holds.
final class CallBackAppDelegate: CallManagerAppDelegate, UIApplicationDelegate {
    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        guard let handle = userActivity.startCallHandle else { return false }
        callManager.startCall(to: handle, video: false)
        return true
    }
}

/// Knows only iOS 10's audio-call intent.
final class AudioIntentAppDelegate: CallManagerAppDelegate, UIApplicationDelegate {
    private(set) var activityTypes: [String] = []

    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        activityTypes.append(userActivity.activityType)
        guard let intent = userActivity.interaction?.intent as? INStartAudioCallIntent,
            let handle = intent.contacts?.first?.personHandle?.value
        else { return false }
        callManager.startCall(to: handle, video: false)
        return true
    }
}

/// Declares the restoration handler as `([Any]?) -> Void`, as before the iOS 12 SDK.
final class AnyRestorationAppDelegate: CallManagerAppDelegate, UIApplicationDelegate {
    private(set) var activityTypes: [String] = []

    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([Any]?) -> Void) -> Bool {
        activityTypes.append(userActivity.activityType)
        guard let handle = userActivity.startCallHandle else { return false }
        callManager.startCall(to: handle, video: false)
        return true
    }
}
