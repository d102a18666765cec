/// Where a room of the phone (the calls, PushKit's state, the app's process) hands the effects a
/// change of its state has: the phone's outbox for the command being handled. Each room takes it
/// as a parameter, so a method's signature says whether the change it makes is heard or seen
/// outside; generic (`some EffectSink`), so the call is as direct as the phone's own `perform`.
protocol EffectSink {
    func perform(_ effect: consuming Effect)
}

extension Phone: EffectSink {}
