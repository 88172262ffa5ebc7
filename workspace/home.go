package workspace

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
)

// Layout names every path the engine owns under one state home. It is a
// value: computing a path never touches the disk.
type Layout struct {
	Home string
}

// ProjectsFile is the projects registry.
func (l Layout) ProjectsFile() string { return filepath.Join(l.Home, "projects.json") }

// ProjectEnvFile is the per-project environment registry.
func (l Layout) ProjectEnvFile() string { return filepath.Join(l.Home, "project-env.json") }

// ProjectScriptsFile is the per-project script defaults registry.
func (l Layout) ProjectScriptsFile() string { return filepath.Join(l.Home, "project-scripts.json") }

// TrustedScriptsFile records the approved content hashes of repo scripts.
func (l Layout) TrustedScriptsFile() string { return filepath.Join(l.Home, "trusted-scripts.json") }

// WorkspacesDir holds one metadata directory per workspace ID.
func (l Layout) WorkspacesDir() string { return filepath.Join(l.Home, "workspaces") }

// WorkspaceDir is the metadata directory of one workspace.
func (l Layout) WorkspaceDir(id string) string { return filepath.Join(l.WorkspacesDir(), id) }

// RecordFile is a workspace's record.
func (l Layout) RecordFile(id string) string {
	return filepath.Join(l.WorkspaceDir(id), "workspace.json")
}

// WorkspaceLockPath is the path whose atomicfile lock ("<id>.lock", a sibling
// of the metadata directory) guards a workspace's record. It lives outside
// the directory on purpose: a delete removes the directory, and unlinking a
// lock file other processes may be waiting on would let two of them hold
// "the" lock at once.
func (l Layout) WorkspaceLockPath(id string) string { return l.WorkspaceDir(id) }

// TombstoneFile marks a delete in progress.
func (l Layout) TombstoneFile(id string) string {
	return filepath.Join(l.WorkspaceDir(id), ".deleting")
}

// ShelvingFile marks a shelve in progress: the workspace's tombstone while
// its teardown runs, removed once the record says shelved.
func (l Layout) ShelvingFile(id string) string {
	return filepath.Join(l.WorkspaceDir(id), ".shelving")
}

// CreatingFile is a create's intent: what the create has made so far,
// written before its first git step and removed once the record exists.
func (l Layout) CreatingFile(id string) string {
	return filepath.Join(l.WorkspaceDir(id), ".creating")
}

// RestoringFile is a restore's intent, like CreatingFile for the worktree
// a restore re-adds.
func (l Layout) RestoringFile(id string) string {
	return filepath.Join(l.WorkspaceDir(id), ".restoring")
}

// ProcsDir holds one file per running lifecycle process group, so the next
// start can end what a crashed amux left running.
func (l Layout) ProcsDir() string { return filepath.Join(l.Home, "procs") }

// ProcsLockPath is the path whose atomicfile lock guards ProcsDir.
func (l Layout) ProcsLockPath() string { return filepath.Join(l.LocksDir(), "procs") }

// LogsDir holds a workspace's captured script output.
func (l Layout) LogsDir(id string) string { return filepath.Join(l.WorkspaceDir(id), "logs") }

// WorktreesDir is the default parent of every worktree amux creates.
func (l Layout) WorktreesDir() string { return filepath.Join(l.Home, "worktrees") }

// LocksDir holds locks that guard no single file (the per-repo git lock).
func (l Layout) LocksDir() string { return filepath.Join(l.Home, "locks") }

// GitLockPath is the path whose atomicfile lock serializes amux's worktree
// and branch mutations on one repository across processes.
func (l Layout) GitLockPath(repo string) string {
	sum := sha256.Sum256([]byte(repo))
	return filepath.Join(l.LocksDir(), "git-"+hex.EncodeToString(sum[:8]))
}
