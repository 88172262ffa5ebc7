// Package workspace is amux's workspace engine: the state home, the store of
// per-workspace records (field transactions under a flock), workspace IDs,
// the project registries (projects, project env, project scripts, trusted
// scripts), lifecycle scripts and their trust gate, create with
// ownership-scoped rollback, delete and shelve in the contract's teardown
// order, and startup recovery: the .deleting and .shelving tombstones, the
// .creating and .restoring intents, and the records of running lifecycle
// scripts (procs/) that let the next start finish or undo whatever a crash
// interrupted and kill what it left running.
//
// It implements the workspace paragraphs of orchestration-contract.md. The
// user-facing description of the files it owns is docs/workspaces.md.
//
// Everything here is safe for concurrent use and never blocks on the UI: the
// TUI calls it from commands off its update loop. Dependencies (tmux runner,
// port allocator, amux binary path, status-tap installer, logger) arrive in
// Options; nothing is looked up globally.
package workspace
