package workspace

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// trusted-scripts.json maps a project (repo toplevel) to the approved hash
// of each of its repo-supplied script kinds:
//
//	{"/src/app": {"setup-workspace": "<sha256 hex>", "run": "<sha256 hex>"}}
//
// A script from the repo runs only while its current ScriptHash equals the
// recorded one; any edit to it asks again.

// UntrustedError is the ErrUntrusted the engine returns: it carries exactly
// what the user must see and approve (pass Script to Store.Trust).
type UntrustedError struct {
	Repo   string
	Script Script
}

// Error implements error.
func (e *UntrustedError) Error() string {
	return fmt.Sprintf("%s script from %s in %s needs approval before it runs:\n  %s",
		e.Script.Kind, RepoScriptsFile, e.Repo, strings.Join(e.Script.Commands, "\n  "))
}

// Is makes errors.Is(err, ErrUntrusted) match.
func (e *UntrustedError) Is(target error) bool { return target == ErrUntrusted }

// TrustedScripts returns a project's approvals (kind → hash).
func (s *Store) TrustedScripts(repo string) (map[ScriptKind]string, error) {
	doc, err := readObject(s.layout.TrustedScriptsFile())
	if err != nil {
		return nil, err
	}
	m := map[ScriptKind]string{}
	_, err = getEntry(doc, s.layout.TrustedScriptsFile(), repo, &m)
	return m, err
}

// IsTrusted reports whether sc may run for repo. User-authored scripts are
// always trusted. For repo scripts any failure to read the registry counts
// as "not trusted": the gate fails closed.
func (s *Store) IsTrusted(repo string, sc Script) bool {
	if !sc.NeedsTrust() {
		return true
	}
	m, err := s.TrustedScripts(repo)
	return err == nil && m[sc.Kind] == sc.Hash
}

// Trust records the user's approval of exactly sc's content for repo. It
// follows preserve-on-unreadable: an unreadable registry refuses the
// approval and keeps its bytes; corrupt JSON is replaced.
func (s *Store) Trust(ctx context.Context, repo string, sc Script) error {
	if sc.Hash == "" || sc.Kind == "" {
		return fmt.Errorf("trust: script has no kind or hash")
	}
	return updateObject(ctx, s.layout.TrustedScriptsFile(), false, func(doc map[string]json.RawMessage) error {
		m := map[ScriptKind]string{}
		if _, err := getEntry(doc, s.layout.TrustedScriptsFile(), repo, &m); err != nil {
			m = map[ScriptKind]string{} // a malformed entry is replaced, like a corrupt file
		}
		m[sc.Kind] = sc.Hash
		return setEntry(doc, repo, m)
	})
}

// Revoke deletes a project's approval of one kind. It re-reads the registry
// fresh under its lock (never trusting what a dialog displayed) and refuses
// an unreadable or corrupt file, or a malformed entry, rather than dropping
// bytes it cannot inspect. Revoking what is not recorded writes nothing.
func (s *Store) Revoke(ctx context.Context, repo string, kind ScriptKind) error {
	return updateObject(ctx, s.layout.TrustedScriptsFile(), true, func(doc map[string]json.RawMessage) error {
		m := map[ScriptKind]string{}
		ok, err := getEntry(doc, s.layout.TrustedScriptsFile(), repo, &m)
		if err != nil {
			return fmt.Errorf("revoke refused: %w", err)
		}
		if _, has := m[kind]; !ok || !has {
			return errUnchanged
		}
		delete(m, kind)
		if len(m) == 0 {
			return setEntry(doc, repo, nil)
		}
		return setEntry(doc, repo, m)
	})
}
