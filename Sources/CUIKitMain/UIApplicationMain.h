// UIKit's C entry point, as the compiler calls it from the `main` it writes for
// `@UIApplicationMain`: the command line, then the principal class's and the delegate class's
// names, each an NSString (the compiler passes the principal's as NULL and the delegate's from
// NSStringFromClass).
int UIApplicationMain(int argc, char * _Nullable * _Nonnull argv, const void * _Nullable principalClassName,
                      const void * _Nullable delegateClassName);
