/// How the objects an app makes (`CXProvider`, `CXAction`, …) reach their phone. The phone
/// clears it when it goes, so an object that outlives its phone finds nothing; unlike a weak
/// reference it costs nothing on every retain and release of the phone, which happen on every
/// command.
final class PhoneLink {
    unowned var phone: Phone?
}
