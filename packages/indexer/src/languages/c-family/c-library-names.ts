/**
 * The functions and function-like macros of the C standard library (C99–C17) and POSIX (plus the common BSD/GNU
 * extensions glibc provides; not `strlcpy`/`strlcat`, which glibc lacked until 2.38, so projects' own copies are built): names a default build (Linux, glibc) gets from libc. A project's own definition of one
 * under a guard that compiles it only where libc lacks it (`#ifndef strsep`, `#ifndef HAVE_STRSEP`) or in a `compat`
 * folder is a fallback that build does not compile: a call means libc's (c-syntax.ts, name-binding.ts).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';

export const C_LIBRARY_NAMES: ReadonlySet<string> = new Set(`
assert
isalnum isalpha isblank iscntrl isdigit isgraph islower isprint ispunct isspace isupper isxdigit tolower toupper isascii toascii
errno
feclearexcept fegetexceptflag feraiseexcept fesetexceptflag fetestexcept fegetround fesetround fegetenv feholdexcept fesetenv feupdateenv
imaxabs imaxdiv strtoimax strtoumax wcstoimax wcstoumax
setlocale localeconv newlocale freelocale uselocale duplocale
acos asin atan atan2 cos sin tan acosh asinh atanh cosh sinh tanh exp exp2 expm1 frexp ilogb ldexp log log10 log1p log2 logb modf scalbn
scalbln cbrt fabs hypot pow sqrt erf erfc lgamma tgamma ceil floor nearbyint rint lrint llrint round lround llround trunc fmod remainder
remquo copysign nan nextafter nexttoward fdim fmax fmin fma fpclassify isfinite isinf isnan isnormal signbit isgreater isgreaterequal
isless islessequal islessgreater isunordered
acosf asinf atanf atan2f cosf sinf tanf coshf sinhf tanhf expf exp2f expm1f frexpf ldexpf logf log10f log1pf log2f modff powf sqrtf
ceilf floorf roundf truncf fabsf fmodf hypotf cbrtf rintf lrintf lroundf nanf copysignf fmaxf fminf
acosl asinl atanl atan2l cosl sinl tanl expl logl log10l powl sqrtl ceill floorl roundl truncl fabsl fmodl frexpl ldexpl modfl
setjmp longjmp sigsetjmp siglongjmp
signal raise kill sigaction sigemptyset sigfillset sigaddset sigdelset sigismember sigprocmask sigsuspend sigwait pthread_sigmask
va_start va_arg va_end va_copy
offsetof
remove rename tmpfile tmpnam fclose fflush fopen freopen setbuf setvbuf fprintf fscanf printf scanf snprintf sprintf sscanf vfprintf
vfscanf vprintf vscanf vsnprintf vsprintf vsscanf fgetc fgets fputc fputs getc getchar gets putc putchar puts ungetc fread fwrite
fgetpos fseek fsetpos ftell rewind clearerr feof ferror perror fdopen fileno popen pclose getline getdelim fseeko ftello flockfile
funlockfile getc_unlocked putc_unlocked asprintf vasprintf dprintf vdprintf fmemopen open_memstream ctermid
atof atoi atol atoll strtod strtof strtold strtol strtoll strtoul strtoull rand srand random srandom aligned_alloc calloc free malloc
realloc reallocarray abort atexit at_quick_exit exit _Exit quick_exit getenv setenv unsetenv putenv system bsearch qsort abs labs llabs
div ldiv lldiv mblen mbtowc wctomb mbstowcs wcstombs mkstemp mkdtemp mkostemp realpath posix_memalign arc4random arc4random_buf
arc4random_uniform drand48 lrand48 mrand48 srand48 erand48 getsubopt
memcpy memmove strcpy strncpy strcat strncat memcmp strcmp strcoll strncmp strxfrm memchr strchr strcspn strpbrk strrchr strspn strstr
strtok strtok_r memset strerror strerror_r strlen strnlen strdup strndup stpcpy stpncpy strsignal memccpy memrchr memmem strcasestr
strchrnul strsep explicit_bzero strcasecmp strncasecmp bzero bcopy bcmp index rindex ffs
clock difftime mktime time asctime ctime gmtime localtime strftime timespec_get asctime_r ctime_r gmtime_r localtime_r strptime tzset
timegm clock_gettime clock_settime clock_getres nanosleep
btowc wctob mbrlen mbrtowc wcrtomb mbsinit mbsrtowcs wcsrtombs wcslen wcscpy wcsncpy wcscat wcsncat wcscmp wcsncmp wcschr wcsrchr
wcsstr wcstok wcstol wcstoul wcstod wcwidth wcswidth wcsdup fwprintf swprintf wprintf iswalnum iswalpha iswdigit iswspace iswupper
iswlower towlower towupper
access alarm chdir chown close dup dup2 dup3 execl execle execlp execv execve execvp fchdir fchown fork fpathconf fsync fdatasync
ftruncate getcwd getegid geteuid getgid getgroups gethostname getlogin getlogin_r getopt getopt_long getpagesize getpgid getpgrp getpid
getppid getsid getuid isatty lchown link lseek pathconf pause pipe pipe2 pread pwrite read readlink rmdir setgid setpgid setsid setuid
sleep symlink sysconf tcgetpgrp tcsetpgrp truncate ttyname ttyname_r unlink usleep write daemon getpass setegid seteuid setregid
setreuid getresuid getresgid setresuid setresgid setgroups initgroups getdtablesize closefrom getentropy
open openat creat fcntl posix_fallocate posix_fadvise
stat fstat lstat fstatat chmod fchmod mkdir mkfifo mknod umask futimens utimensat
opendir closedir readdir readdir_r rewinddir seekdir telldir dirfd fdopendir scandir alphasort
mmap munmap mprotect msync mlock munlock madvise shm_open shm_unlink
wait waitpid waitid wait3 wait4
select pselect poll ppoll
socket bind listen accept accept4 connect send sendto sendmsg recv recvfrom recvmsg shutdown getsockopt setsockopt getsockname
getpeername socketpair getaddrinfo freeaddrinfo gai_strerror getnameinfo gethostbyname gethostbyaddr getservbyname getprotobyname
inet_addr inet_aton inet_ntoa inet_ntop inet_pton htonl htons ntohl ntohs
getpwnam getpwuid getpwnam_r getpwuid_r getgrnam getgrgid getgrnam_r getgrgid_r getpwent setpwent endpwent getgrent setgrent endgrent
gettimeofday settimeofday getrusage getrlimit setrlimit times uname
readv writev
tcgetattr tcsetattr cfgetispeed cfgetospeed cfsetispeed cfsetospeed cfmakeraw tcdrain tcflush tcflow tcsendbreak
openlog syslog closelog vsyslog setlogmask
dlopen dlsym dlclose dlerror
glob globfree fnmatch regcomp regexec regerror regfree wordexp wordfree
basename dirname
err errx warn warnx verr verrx vwarn vwarnx
pthread_create pthread_join pthread_detach pthread_exit pthread_self pthread_equal pthread_once pthread_kill pthread_cancel
pthread_mutex_init pthread_mutex_destroy pthread_mutex_lock pthread_mutex_trylock pthread_mutex_unlock pthread_cond_init
pthread_cond_destroy pthread_cond_wait pthread_cond_timedwait pthread_cond_signal pthread_cond_broadcast pthread_key_create
pthread_key_delete pthread_getspecific pthread_setspecific pthread_attr_init pthread_attr_destroy pthread_attr_setstacksize
pthread_attr_setdetachstate pthread_rwlock_init pthread_rwlock_destroy pthread_rwlock_rdlock pthread_rwlock_wrlock pthread_rwlock_unlock
sem_init sem_destroy sem_wait sem_trywait sem_post sem_open sem_close sem_unlink
iconv iconv_open iconv_close nl_langinfo
`.split(/\s+/).filter((name) => name !== ''));

/** What `Declaration.buildVariant` of a fallback starts with (read by name-binding.ts). */
export const LIBRARY_FALLBACK = 'fallback for the C library: ';

/**
 * Why a definition of `name` at `node` is a fallback for libc's (LIBRARY_FALLBACK + the guard), or undefined: `name`
 * is a C library name, and the file sits in a `compat` folder or the definition in the first branch of
 * `#ifndef name`, `#if !defined(name)`, `#ifndef HAVE_NAME` (`HAVE_DECL_NAME`, `#if !HAVE_NAME`).
 */
export function libraryFallback(node: SyntaxNode, name: string, path: string): string | undefined {
  if (!C_LIBRARY_NAMES.has(name)) return undefined;
  if (path.split('/').slice(0, -1).some((dir) => dir.toLowerCase() === 'compat')) return `${LIBRARY_FALLBACK}compat folder`;
  const guards = new Set([name, `HAVE_${name.toUpperCase()}`, `HAVE_DECL_${name.toUpperCase()}`]);
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.type !== 'preproc_ifdef' && parent.type !== 'preproc_if') continue;
    const alternative = parent.childForFieldName('alternative');
    if (alternative && child.id === alternative.id) continue;
    let guard: string | undefined;
    if (parent.type === 'preproc_ifdef') {
      if (parent.child(0)?.type === '#ifndef') guard = parent.childForFieldName('name')?.text;
    } else {
      const condition = parent.childForFieldName('condition');
      if (condition?.type === 'unary_expression' && condition.child(0)?.type === '!') {
        const argument = condition.childForFieldName('argument');
        guard = argument?.type === 'identifier' ? argument.text
          : argument?.type === 'preproc_defined' ? argument.namedChildren.find((c) => c?.type === 'identifier')?.text : undefined;
      }
    }
    if (guard !== undefined && guards.has(guard)) return `${LIBRARY_FALLBACK}${parent.text.split('\n', 1)[0].replace(/\s+/g, ' ').trim()}`;
  }
  return undefined;
}
