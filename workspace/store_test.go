package workspace

import (
	"amux.dev/amux/config"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

func TestMintIDIsContractHash(t *testing.T) {
	id := MintID("/src/app", "/home/u/.amux/worktrees/app/feat")
	if len(id) != IDLen || !ValidID(id) {
		t.Fatalf("id %q", id)
	}
	if id != MintID("/src/app", "/home/u/.amux/worktrees/app/feat") {
		t.Fatal("not deterministic")
	}
	// Pinned: hex(sha256("/r"+"/x")[:8]); external tools recompute it.
	if got := MintID("/r", "/x"); got != "20050c57e419a0b3" {
		t.Fatalf("got %q", got)
	}
}

func TestValidateName(t *testing.T) {
	for _, ok := range []string{"feat", "fix-1", "a.b_c", "X9"} {
		if err := ValidateName(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "-x", ".x", "a..b", "a b", "a/b", "x.lock", "x.", "é", string(make([]byte, 65))} {
		if err := ValidateName(bad); !errors.Is(err, ErrBadName) {
			t.Errorf("%q: err = %v", bad, err)
		}
	}
}

func newRecord(name string) Record {
	return Record{Name: name, Branch: name, Repo: "/src/app", Root: "/wt/app/" + name, Created: time.Now().UTC()}
}

func TestFieldTransactionPreservesUnknownAndMalformedFields(t *testing.T) {
	s := NewStore(setHome(t))
	ctx := context.Background()
	rec, err := s.Insert(ctx, newRecord("feat"))
	if err != nil {
		t.Fatal(err)
	}
	if rec.ID != MintID(rec.Repo, rec.Root) {
		t.Fatalf("id %q not minted from repo+root", rec.ID)
	}
	// An external tool adds its own key and writes "tabs" in a shape we
	// cannot parse; neither may be lost by our writes.
	path := s.Layout().RecordFile(rec.ID)
	var doc map[string]any
	if err := json.Unmarshal([]byte(readFile(t, path)), &doc); err != nil {
		t.Fatal(err)
	}
	doc["x_external"] = map[string]any{"keep": []any{1.0, "two"}}
	doc["tabs"] = "not-a-list"
	b, _ := json.Marshal(doc)
	mustWrite(t, path, string(b))

	if _, err := s.Rename(ctx, rec.ID, "renamed"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetEnv(ctx, rec.ID, map[string]string{"A": "1"}); err != nil {
		t.Fatal(err)
	}
	var after map[string]json.RawMessage
	if err := json.Unmarshal([]byte(readFile(t, path)), &after); err != nil {
		t.Fatal(err)
	}
	var ext struct{ Keep []any }
	if json.Unmarshal(after["x_external"], &ext) != nil || len(ext.Keep) != 2 {
		t.Fatalf("unknown field lost: %s", after["x_external"])
	}
	if string(after["tabs"]) != `"not-a-list"` {
		t.Fatalf("malformed field rewritten: %s", after["tabs"])
	}
	got, _ := s.Load(rec.ID)
	if got.Name != "renamed" || got.Env["A"] != "1" || got.Branch != "feat" {
		t.Fatalf("record %+v", got)
	}
	// Only now does a mutator own "tabs": it replaces the value.
	if _, err := s.SetTabs(ctx, rec.ID, []Tab{{ID: "tab-1"}}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Load(rec.ID); len(got.Tabs) != 1 {
		t.Fatalf("tabs %+v", got.Tabs)
	}
}

func TestInsertRefusesExistingAndUpdateRefusesCorrupt(t *testing.T) {
	s := NewStore(setHome(t))
	ctx := context.Background()
	rec, err := s.Insert(ctx, newRecord("feat"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Insert(ctx, newRecord("feat")); !errors.Is(err, ErrExists) {
		t.Fatalf("second insert: %v", err)
	}
	if _, err := s.Update(ctx, "0000000000000000", func(*Record) error { return nil }); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing: %v", err)
	}
	path := s.Layout().RecordFile(rec.ID)
	mustWrite(t, path, "{broken")
	if _, err := s.Rename(ctx, rec.ID, "x"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("corrupt: %v", err)
	}
	if readFile(t, path) != "{broken" {
		t.Fatal("corrupt record was rewritten")
	}
	// List reports the bad record and still returns the good ones.
	if _, err := s.Insert(ctx, newRecord("other")); err != nil {
		t.Fatal(err)
	}
	list, err := s.List()
	if err == nil || len(list) != 1 || list[0].Name != "other" {
		t.Fatalf("list = %+v, %v", list, err)
	}
}

// TestConcurrentProcessesLoseNothing runs real OS processes, each appending
// to a different field of the same record in its own field transactions.
// Without the flock plus fresh load, their read-modify-write cycles would
// overwrite each other's fields.
func TestConcurrentProcessesLoseNothing(t *testing.T) {
	home := setHome(t)
	s := NewStore(home)
	rec, err := s.Insert(context.Background(), newRecord("race"))
	if err != nil {
		t.Fatal(err)
	}
	const n = 60
	fields := []string{"tabs", "env", "setup"}
	var cmds []*exec.Cmd
	for _, f := range fields {
		cmd := helperCmd(t, "mutate", config.EnvHome+"="+home, "HELPER_ID="+rec.ID, "HELPER_FIELD="+f, "HELPER_N="+strconv.Itoa(n))
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("helper: %v", err)
		}
	}
	got, err := s.Load(rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Tabs) != n || len(got.Env) != n || len(got.Scripts.Setup) != n {
		t.Fatalf("lost updates: tabs=%d env=%d setup=%d, want %d each", len(got.Tabs), len(got.Env), len(got.Scripts.Setup), n)
	}
	for i := range n {
		if got.Tabs[i].ID != fmt.Sprintf("tab-%d", i) || got.Scripts.Setup[i] != fmt.Sprintf("echo %d", i) {
			t.Fatalf("order broken at %d", i)
		}
	}
	if got.Name != "race" || got.Branch != "race" {
		t.Fatalf("untouched fields changed: %+v", got)
	}
	if m, _ := filepath.Glob(filepath.Join(s.Layout().WorkspaceDir(rec.ID), ".*tmp*")); len(m) != 0 {
		t.Fatalf("temp files left: %v", m)
	}
}
