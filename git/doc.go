// Package git is amux's only way to run git: one hardened Runner and the
// worktree, ref, status and merge operations built on it, and the ones a
// teardown uses to keep uncommitted work (AtRisk, CommitWIP, Stash,
// UnwindWIP). Of amux's own packages it imports only atomicfile, whose
// bounded no-follow reads it uses for attributes files on disk.
//
// A repository is treated as hostile: its .git may have been delivered by
// someone else. So every invocation
//   - is an argument list, in its own process group, under a deadline (a
//     default applies when the context has none), with bounded output and a
//     bounded teardown, so a hung git or a descendant holding the pipes
//     cannot stall amux past the deadline by more than a fraction of a second;
//   - drops every inherited GIT_* variable and stops discovery above the
//     directory it was given, pinning --work-tree to it (a delivered
//     core.worktree cannot redirect reads or writes);
//   - switches off repo hooks, core.fsmonitor, signing, transports,
//     auto-gc and submodule recursion with command-line config, which
//     outranks every config file;
//   - neutralizes every filter driver that repository-scoped config
//     defines, because status and diff run clean filters on stat-dirty files.
//
// Before writing, operations also refuse a .git directory holding a forged
// commondir, and refuse (naming the driver) when a repo-configured filter,
// or for merges any configured merge driver, is bound by an attribute of
// the tree being written, the index or the work tree.
//
// AMUX_ALLOW_GIT_HOOKS=1, passed in as Options.AllowRepoCode, lets a
// trusted repository's hooks, fsmonitor and drivers run; everything else
// stays on.
package git
