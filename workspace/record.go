package workspace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// Record is one workspace's metadata, stored as
// <home>/workspaces/<id>/workspace.json. JSON keys are snake_case and part of
// the file contract external tools may read; fields an external tool adds are
// kept verbatim across every amux write.
type Record struct {
	ID            string            // persisted key: the metadata directory's name
	Name          string            // display name; the branch derives from it at create
	Branch        string            // the worktree's branch
	Base          string            // the resolved ref the branch was created from
	Repo          string            // main checkout of the project (git toplevel)
	Root          string            // the worktree directory
	Created       time.Time         // when amux created the workspace
	Assistant     string            // default assistant for new agent tabs
	Scripts       ScriptSet         // per-workspace lifecycle scripts (second source)
	Env           map[string]string // per-workspace environment for scripts and panes
	Tabs          []Tab             // open tabs, restored on start (debounced by the UI)
	Shelved       bool              // worktree removed, record and branch kept
	Archived      bool              // hidden from the default listing
	CreatedBranch bool              // amux created Branch (delete may remove it)
	// DirtyChoice is what the last delete or shelve was told to do with
	// uncommitted work; a recovery finishing it applies the same choice.
	DirtyChoice DirtyChoice
	// TeardownClean is set by a delete or shelve that found the worktree
	// holding nothing at risk once its agents and runs were stopped: what
	// appears in the tree after that is the teardown's own doing (archive's
	// output) and goes with the tree, also when recovery repeats the
	// teardown. A teardown that fails without a crash clears it.
	TeardownClean bool
	// Main marks the project's main checkout used as a workspace: Root is
	// Repo, and it is never deleted or shelved, only its sessions closed.
	Main bool
	// Imported marks a worktree amux found (git worktree list) rather than
	// created; its branch was never amux's.
	Imported bool

	// raw is the document as last read, known keys included, so a write
	// changes only the keys whose values the mutator changed and every other
	// byte (unknown fields, known fields with a shape we cannot parse)
	// survives untouched.
	raw map[string]json.RawMessage
}

// Tab is one open tab as the UI persists it.
type Tab struct {
	ID        string `json:"id"`
	Type      string `json:"type,omitempty"` // agent, terminal, viewer…
	Assistant string `json:"assistant,omitempty"`
	Session   string `json:"session,omitempty"` // tmux session name
	Title     string `json:"title,omitempty"`
}

// WorkspaceID is the contract's workspace ID: the persisted key when there
// is one, else the ID minted from repo and root.
func (r Record) WorkspaceID() string {
	if r.ID != "" {
		return r.ID
	}
	return MintID(r.Repo, r.Root)
}

// field pairs a JSON key with the Go field holding its value. The table is
// the single list of keys the engine owns.
type field struct {
	key string
	ptr any
}

func (r *Record) fields() []field {
	return []field{
		{"id", &r.ID},
		{"name", &r.Name},
		{"branch", &r.Branch},
		{"base", &r.Base},
		{"repo", &r.Repo},
		{"root", &r.Root},
		{"created", &r.Created},
		{"assistant", &r.Assistant},
		{"scripts", &r.Scripts},
		{"env", &r.Env},
		{"tabs", &r.Tabs},
		{"shelved", &r.Shelved},
		{"archived", &r.Archived},
		{"created_branch", &r.CreatedBranch},
		{"dirty_choice", &r.DirtyChoice},
		{"teardown_clean", &r.TeardownClean},
		{"main_checkout", &r.Main},
		{"imported", &r.Imported},
	}
}

// decodeRecord parses a record leniently: the document must be a JSON object
// (anything else is ErrCorrupt), but a known key whose value has the wrong
// shape is left at its zero value rather than failing the whole load, and
// its bytes are kept for the next write.
func decodeRecord(data []byte) (Record, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil || raw == nil {
		return Record{}, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	var r Record
	for _, f := range r.fields() {
		if v, ok := raw[f.key]; ok {
			_ = json.Unmarshal(v, f.ptr) // wrong shape: keep zero and the raw bytes
		}
	}
	r.raw = raw
	return r, nil
}

// snapshot encodes every known field, for diffing before and after a mutator.
func (r *Record) snapshot() (map[string][]byte, error) {
	out := make(map[string][]byte)
	for _, f := range r.fields() {
		b, err := json.Marshal(f.ptr)
		if err != nil {
			return nil, fmt.Errorf("encode %s: %w", f.key, err)
		}
		out[f.key] = b
	}
	return out, nil
}

// encodeChanges writes back only the keys whose encoding differs from
// before. A field set to its zero value is written as that zero value; a
// nil map or slice removes the key.
func (r *Record) encodeChanges(before map[string][]byte) ([]byte, error) {
	after, err := r.snapshot()
	if err != nil {
		return nil, err
	}
	raw := make(map[string]json.RawMessage, len(r.raw)+len(after))
	for k, v := range r.raw {
		raw[k] = v
	}
	for k, v := range after {
		if bytes.Equal(v, before[k]) {
			continue
		}
		if string(v) == "null" {
			delete(raw, k)
			continue
		}
		raw[k] = v
	}
	return marshalDoc(raw)
}

// encodeNew writes a fresh record: every known field that is not null, plus
// whatever raw keys the caller carried over.
func (r *Record) encodeNew() ([]byte, error) {
	return r.encodeChanges(nil)
}

// marshalDoc renders a JSON object indented, with a trailing newline, so the
// files stay readable and diffable by hand.
func marshalDoc(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// clone returns a deep enough copy for handing out: callers may change the
// maps and slices of the copy without touching the engine's.
func (r Record) clone() Record {
	c := r
	if r.Env != nil {
		c.Env = make(map[string]string, len(r.Env))
		for k, v := range r.Env {
			c.Env[k] = v
		}
	}
	c.Tabs = append([]Tab(nil), r.Tabs...)
	c.Scripts = r.Scripts.clone()
	c.raw = nil
	return c
}
