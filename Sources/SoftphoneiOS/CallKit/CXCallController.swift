public import Foundation
import SoftphoneCore

/// How an app asks the system to do something to a call, as CallKit's `CXCallController`; errors
/// come back with iOS's codes (iOS rule 35).
public final class CXCallController: NSObject {
    /// The core's controller.
    let core: SoftphoneCore.CXCallController
    public let callObserver: CXCallObserver

    /// Completions run on the main queue; every queue drains into the phone's one thread, so a
    /// queue given is not kept.
    public override init() {
        core = SoftphoneCore.CXCallController()
        callObserver = CXCallObserver(core: core.callObserver)
        super.init()
    }

    public convenience init(queue: DispatchQueue) { self.init() }

    public func request(_ transaction: CXTransaction, completion: @escaping ((any Error)?) -> Void) {
        core.request(transaction.core, completion: completion)
    }

    /// The same, for code that awaits: throws the error the completion would get. On the main
    /// actor, whose jobs are the main queue's, so that it and what follows the `await` run inside
    /// the phone's turn, on its thread.
    @MainActor public func request(_ transaction: CXTransaction) async throws {
        try await FoundationRunLoop.main.awaitCompletion { completion in request(transaction, completion: completion) }
    }

    public func requestTransaction(with action: CXAction, completion: @escaping ((any Error)?) -> Void) {
        request(CXTransaction(action: action), completion: completion)
    }

    public func requestTransaction(with actions: [CXAction], completion: @escaping ((any Error)?) -> Void) {
        request(CXTransaction(actions: actions), completion: completion)
    }
}

/// A call as the system sees it, as CallKit's `CXCall`: a snapshot.
public final class CXCall: NSObject {
    public let uuid: UUID
    public let isOutgoing: Bool
    public let isOnHold: Bool
    public let hasConnected: Bool
    public let hasEnded: Bool

    init(_ call: SoftphoneCore.CXCall) {
        uuid = UUID(call.uuid)
        isOutgoing = call.isOutgoing
        isOnHold = call.isOnHold
        hasConnected = call.hasConnected
        hasEnded = call.hasEnded
        super.init()
    }
}

/// Told when a call changes.
public protocol CXCallObserverDelegate: AnyObject {
    func callObserver(_ callObserver: CXCallObserver, callChanged call: CXCall)
}

/// Watches the calls the system knows of, as CallKit's `CXCallObserver` (iOS rule 36).
public final class CXCallObserver: NSObject {
    /// The core's observer.
    let core: SoftphoneCore.CXCallObserver
    private var adapter: CallObserverDelegateAdapter?

    init(core: SoftphoneCore.CXCallObserver) {
        self.core = core
        super.init()
    }

    public override convenience init() { self.init(core: SoftphoneCore.CXCallObserver()) }

    public var calls: [CXCall] { core.calls.map(CXCall.init) }

    /// Sets the delegate (held weakly); every queue drains into the phone's one thread.
    public func setDelegate(_ delegate: (any CXCallObserverDelegate)?, queue: DispatchQueue?) {
        adapter = delegate.map { CallObserverDelegateAdapter(delegate: $0, observer: self) }
        core.setDelegate(adapter, queue: nil)
    }
}

/// The core's observer delegate that passes each change on to the app's.
final class CallObserverDelegateAdapter: SoftphoneCore.CXCallObserverDelegate {
    weak var delegate: (any CXCallObserverDelegate)?
    unowned let observer: CXCallObserver

    init(delegate: any CXCallObserverDelegate, observer: CXCallObserver) {
        self.delegate = delegate
        self.observer = observer
    }

    func callObserver(_ callObserver: SoftphoneCore.CXCallObserver, callChanged call: SoftphoneCore.CXCall) {
        delegate?.callObserver(observer, callChanged: CXCall(call))
    }
}
