// `import Combine` in app code: Apple's Combine, the part iOS call code uses — `ObservableObject`
// and `@Published`, subjects, `Just` and `Future`, sinks and `assign`, `map`, `filter`,
// `removeDuplicates`, `receive(on:)` and the rest of this folder. Linux has no Combine, so it is
// written here from Apple's documentation and behaves as documented there: `@Published` publishes
// in willSet order (subscribers see the new value while the property still holds the old one),
// `receive(on:)` always delivers later, never inline, and subjects may be sent to from any thread.
// SwiftUI is not here. Unlike the other framework modules, Combine defines its names itself:
// none of them is the simulated iPhone's, and it re-exports nothing.
