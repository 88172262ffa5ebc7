package workspace

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// IDLen is the length of a minted workspace ID: 8 bytes, hex-encoded.
const IDLen = 16

// MintID derives a workspace ID the contract's way: the first 8 bytes of
// sha256(repo+root), lowercase hex. It is dashless, so session names built
// from it round-trip through tmux.WorkspaceIDFromSessionName.
func MintID(repo, root string) string {
	sum := sha256.Sum256([]byte(repo + root))
	return hex.EncodeToString(sum[:IDLen/2])
}

// ValidID reports whether id can be a workspace's persisted key. Minted IDs
// are 16 lowercase hex characters; older or external keys are accepted when
// they are made of [a-z0-9_], because the key names a directory and appears
// in session names and tags, where anything else would be rewritten or unsafe.
func ValidID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// maxNameLen bounds a workspace name: it becomes a branch name and a path
// component, and the sidebar shows it whole.
const maxNameLen = 64

// ValidateName checks a workspace name before anything is created. The name
// becomes the branch name and the worktree directory name, so it must be a
// single safe path component and a plausible ref name; git's own
// check-ref-format runs afterwards (git.ValidateBranchName) for the rest.
// The error says what is wrong in words a person can act on.
func ValidateName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%w: the name is empty", ErrBadName)
	case len(name) > maxNameLen:
		return fmt.Errorf("%w: %q is longer than %d characters", ErrBadName, name, maxNameLen)
	case name[0] == '-' || name[0] == '.':
		return fmt.Errorf("%w: %q may not start with %q", ErrBadName, name, name[:1])
	case strings.HasSuffix(name, ".") || strings.HasSuffix(name, ".lock"):
		return fmt.Errorf("%w: %q may not end with \".\" or \".lock\"", ErrBadName, name)
	case strings.Contains(name, ".."):
		return fmt.Errorf("%w: %q may not contain \"..\"", ErrBadName, name)
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return fmt.Errorf("%w: %q contains %q; use letters, digits, '-', '_' and '.'", ErrBadName, name, c)
		}
	}
	return nil
}
