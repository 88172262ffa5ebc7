package workspace

import (
	"context"
	"errors"
	"os"
	"testing"
)

// registryCase is one project registry and its save path.
type registryCase struct {
	name string
	path func(Layout) string
	save func(context.Context, *Store) error
	read func(*Store) (bool, error) // reports whether the saved value is visible
}

func registryCases() []registryCase {
	const repo = "/src/app"
	sc := newScript(KindSetup, SourceRepo, []string{"make deps"})
	return []registryCase{
		{
			name: "project-env.json",
			path: Layout.ProjectEnvFile,
			save: func(ctx context.Context, s *Store) error {
				return s.SetProjectEnv(ctx, repo, map[string]string{"DB": "x"})
			},
			read: func(s *Store) (bool, error) {
				env, err := s.ProjectEnv(repo)
				return env["DB"] == "x", err
			},
		},
		{
			name: "project-scripts.json",
			path: Layout.ProjectScriptsFile,
			save: func(ctx context.Context, s *Store) error {
				return s.SetProjectScripts(ctx, repo, ScriptSet{Run: "make run"})
			},
			read: func(s *Store) (bool, error) {
				set, err := s.ProjectScripts(repo)
				return set.Run == "make run", err
			},
		},
		{
			name: "trusted-scripts.json",
			path: Layout.TrustedScriptsFile,
			save: func(ctx context.Context, s *Store) error { return s.Trust(ctx, repo, sc) },
			read: func(s *Store) (bool, error) { return s.IsTrusted(repo, sc), nil },
		},
	}
}

func TestRegistriesPreserveOnUnreadable(t *testing.T) {
	ctx := context.Background()
	for _, c := range registryCases() {
		t.Run(c.name, func(t *testing.T) {
			s := NewStore(setHome(t))
			path := c.path(s.Layout())

			// Missing: the save initializes the file.
			if err := c.save(ctx, s); err != nil {
				t.Fatalf("missing file: %v", err)
			}
			if ok, err := c.read(s); !ok || err != nil {
				t.Fatalf("after init: ok=%v err=%v", ok, err)
			}

			// Corrupt JSON: replaced by the authoritative write.
			for _, bad := range []string{"{not json", "[1,2]", "null"} {
				mustWrite(t, path, bad)
				if err := c.save(ctx, s); err != nil {
					t.Fatalf("corrupt %q: %v", bad, err)
				}
				if ok, err := c.read(s); !ok || err != nil {
					t.Fatalf("after replacing %q: ok=%v err=%v", bad, ok, err)
				}
			}

			// Unreadable (a directory at the path, which holds even for root):
			// the save is refused and what is there stays.
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			mustWrite(t, path+"/inside", "keep")
			err := c.save(ctx, s)
			if !errors.Is(err, ErrUnreadable) {
				t.Fatalf("unreadable: err = %v", err)
			}
			if readFile(t, path+"/inside") != "keep" {
				t.Fatal("unreadable file's contents changed")
			}
		})
	}
}

func TestRegistryKeepsOtherProjectsAndUnknownKeys(t *testing.T) {
	s := NewStore(setHome(t))
	path := s.Layout().ProjectEnvFile()
	mustWrite(t, path, `{"/other": {"X": "1"}, "$comment": "kept"}`)
	if err := s.SetProjectEnv(context.Background(), "/src/app", map[string]string{"A": "b"}); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, path)
	for _, want := range []string{`"/other"`, `"X": "1"`, `"$comment": "kept"`, `"A": "b"`} {
		if !contains(got, want) {
			t.Fatalf("%s missing from %s", want, got)
		}
	}
}

func TestRevokeIsStrict(t *testing.T) {
	ctx := context.Background()
	s := NewStore(setHome(t))
	path := s.Layout().TrustedScriptsFile()
	sc := newScript(KindRun, SourceRepo, []string{"npm start"})
	other := newScript(KindSetup, SourceRepo, []string{"npm ci"})
	for _, x := range []Script{sc, other} {
		if err := s.Trust(ctx, "/src/app", x); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Revoke(ctx, "/src/app", KindRun); err != nil {
		t.Fatal(err)
	}
	if s.IsTrusted("/src/app", sc) || !s.IsTrusted("/src/app", other) {
		t.Fatal("revoke removed the wrong approval")
	}
	// Revoking what is not there writes nothing.
	before := readFile(t, path)
	if err := s.Revoke(ctx, "/src/app", KindRun); err != nil || readFile(t, path) != before {
		t.Fatalf("no-op revoke: %v", err)
	}
	// Corrupt file or entry: refused, bytes kept.
	for _, bad := range []string{"{corrupt", `{"/src/app": "not-an-object"}`} {
		mustWrite(t, path, bad)
		if err := s.Revoke(ctx, "/src/app", KindSetup); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("revoke on %q: %v", bad, err)
		}
		if readFile(t, path) != bad {
			t.Fatalf("revoke rewrote %q", bad)
		}
	}
	// Unreadable: refused.
	os.Remove(path)
	mustWrite(t, path+"/x", "")
	if err := s.Revoke(ctx, "/src/app", KindSetup); !errors.Is(err, ErrUnreadable) {
		t.Fatalf("revoke on unreadable: %v", err)
	}
}

func TestProjectsRegistry(t *testing.T) {
	ctx := context.Background()
	s := NewStore(setHome(t))
	mustWrite(t, s.Layout().ProjectsFile(), `{"projects":[{"path":"/a","name":"a","color":"red"}],"x":1}`)
	if _, err := s.AddProject(ctx, "/b", ""); err != nil {
		t.Fatal(err)
	}
	if p, err := s.AddProject(ctx, "/a", "renamed"); err != nil || p.Name != "a" {
		t.Fatalf("re-add: %+v %v", p, err)
	}
	list, err := s.Projects()
	if err != nil || len(list) != 2 || list[0].Path != "/a" || list[1].Name != "b" {
		t.Fatalf("projects %+v %v", list, err)
	}
	if err := s.RemoveProject(ctx, "/b"); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, s.Layout().ProjectsFile())
	if !contains(got, `"color": "red"`) || !contains(got, `"x": 1`) || contains(got, `"/b"`) {
		t.Fatalf("projects.json = %s", got)
	}
	// Re-adding a registered project or removing an unknown one is no write
	// (a write would reformat these compact bytes).
	const compact = `{"projects":[{"path":"/a","name":"a"}]}`
	for name, noop := range map[string]func() error{
		"re-add":         func() error { _, err := s.AddProject(ctx, "/a", ""); return err },
		"remove unknown": func() error { return s.RemoveProject(ctx, "/nowhere") },
	} {
		mustWrite(t, s.Layout().ProjectsFile(), compact)
		if err := noop(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := readFile(t, s.Layout().ProjectsFile()); got != compact {
			t.Errorf("%s rewrote projects.json: %s", name, got)
		}
	}
}
