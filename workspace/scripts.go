package workspace

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"amux.dev/amux/config/atomicfile"
)

// ScriptKind names a lifecycle script. The names are also the JSON keys of
// every scripts source.
type ScriptKind string

// The lifecycle scripts.
const (
	KindSetup   ScriptKind = "setup-workspace" // a sequence, run on create and restore
	KindRun     ScriptKind = "run"             // hosted in a tmux run session
	KindArchive ScriptKind = "archive"         // run on delete and shelve, before the worktree goes
	KindOnDone  ScriptKind = "on-done"         // run, detached, when an agent finishes
)

// Source says where a resolved script came from.
type Source string

// Script sources, in resolution order. Only SourceRepo is project-supplied
// and trust-gated; the other two are written by the user.
const (
	SourceRepo      Source = "repo"      // <workspace root>/.amux/scripts.json
	SourceWorkspace Source = "workspace" // the workspace record's "scripts"
	SourceProject   Source = "project"   // project-scripts.json
)

// RepoScriptsFile is where a repository supplies its scripts, relative to
// the workspace's checkout root (so it follows the checked-out branch).
const RepoScriptsFile = ".amux/scripts.json"

// maxRepoScripts bounds how much of a repo's scripts file is read.
const maxRepoScripts = 1 << 20

// repoReadTimeout bounds the read of a repo's scripts file: a regular file
// of at most maxRepoScripts takes nowhere near this, so running out means
// the filesystem itself is stuck.
const repoReadTimeout = 5 * time.Second

// ScriptSet holds one source's scripts. "setup-workspace" accepts a single
// string or a list of commands; the others are one shell command each.
type ScriptSet struct {
	Setup   []string `json:"setup-workspace,omitempty"`
	Run     string   `json:"run,omitempty"`
	Archive string   `json:"archive,omitempty"`
	OnDone  string   `json:"on-done,omitempty"`
}

// UnmarshalJSON accepts "setup-workspace" as a string or a list.
func (s *ScriptSet) UnmarshalJSON(b []byte) error {
	var v struct {
		Setup   json.RawMessage `json:"setup-workspace"`
		Run     string          `json:"run"`
		Archive string          `json:"archive"`
		OnDone  string          `json:"on-done"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*s = ScriptSet{Run: v.Run, Archive: v.Archive, OnDone: v.OnDone}
	if len(v.Setup) == 0 || string(v.Setup) == "null" {
		return nil
	}
	var one string
	if json.Unmarshal(v.Setup, &one) == nil {
		if one != "" {
			s.Setup = []string{one}
		}
		return nil
	}
	return json.Unmarshal(v.Setup, &s.Setup)
}

// Commands returns the commands of one kind, blanks dropped; none means the
// source does not define it.
func (s ScriptSet) Commands(kind ScriptKind) []string {
	var cmds []string
	switch kind {
	case KindSetup:
		cmds = s.Setup
	case KindRun:
		cmds = []string{s.Run}
	case KindArchive:
		cmds = []string{s.Archive}
	case KindOnDone:
		cmds = []string{s.OnDone}
	}
	var out []string
	for _, c := range cmds {
		if strings.TrimSpace(c) != "" {
			out = append(out, c)
		}
	}
	return out
}

func (s ScriptSet) clone() ScriptSet {
	s.Setup = append([]string(nil), s.Setup...)
	return s
}

// Script is a resolved lifecycle script.
type Script struct {
	Kind     ScriptKind
	Source   Source
	Commands []string // run in order, each with sh -c; the first failure stops
	Hash     string   // sha256 of kind and commands: what trust approves
}

// NeedsTrust reports whether the script is project-supplied.
func (s Script) NeedsTrust() bool { return s.Source == SourceRepo }

// ScriptHash is the content hash trust records: sha256 over the kind and
// the exact command list, so any edit (even whitespace) asks again, and an
// approval for one kind never covers another.
func ScriptHash(kind ScriptKind, commands []string) string {
	b, _ := json.Marshal(struct {
		Kind     ScriptKind `json:"kind"`
		Commands []string   `json:"commands"`
	}{kind, commands})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func newScript(kind ScriptKind, src Source, cmds []string) Script {
	return Script{Kind: kind, Source: src, Commands: cmds, Hash: ScriptHash(kind, cmds)}
}

// readRepoScripts reads a checkout's .amux/scripts.json. Missing is an empty
// set; a file that exists but cannot be read or parsed is an ErrRepoScripts
// error, because guessing which of the project's scripts to run is worse
// than not running. The repository chose what is at that path, so it is
// read as atomicfile.ReadRegular reads: no links, regular files only,
// capped, with a deadline — a link to /dev/tty is refused, never opened.
func readRepoScripts(root string) (ScriptSet, error) {
	data, err := atomicfile.ReadRegular(root, RepoScriptsFile, maxRepoScripts, repoReadTimeout)
	if errors.Is(err, fs.ErrNotExist) {
		return ScriptSet{}, nil
	}
	if err != nil {
		return ScriptSet{}, fmt.Errorf("%w: %w", ErrRepoScripts, err)
	}
	var set ScriptSet
	if err := json.Unmarshal(data, &set); err != nil {
		return ScriptSet{}, fmt.Errorf("%w: %s is not valid JSON: %v (in %s)", ErrRepoScripts, RepoScriptsFile, err, root)
	}
	return set, nil
}

// ProjectScripts returns the per-project defaults from project-scripts.json.
func (s *Store) ProjectScripts(repo string) (ScriptSet, error) {
	doc, err := readObject(s.layout.ProjectScriptsFile())
	if err != nil {
		return ScriptSet{}, err
	}
	var set ScriptSet
	_, err = getEntry(doc, s.layout.ProjectScriptsFile(), repo, &set)
	return set, err
}

// SetProjectScripts writes one project's defaults (an empty set removes the
// entry); the project scripts editor (palette) saves through it. A corrupt
// file is replaced by this authoritative write, as the contract says.
func (s *Store) SetProjectScripts(ctx context.Context, repo string, set ScriptSet) error {
	return updateObject(ctx, s.layout.ProjectScriptsFile(), false, func(doc map[string]json.RawMessage) error {
		var v any = set.clone()
		if len(set.Setup) == 0 && set.Run == "" && set.Archive == "" && set.OnDone == "" {
			v = nil
		}
		return setEntry(doc, repo, v)
	})
}
