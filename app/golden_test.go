package app

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/config"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// fixedEngine serves fixed data, for rendering tests. Behaviour against
// real git and tmux is covered by the e2e tests.
type fixedEngine struct {
	projects []workspace.Project
	records  []workspace.Record
}

func (f fixedEngine) Projects() ([]workspace.Project, error) { return f.projects, nil }
func (f fixedEngine) Records() ([]workspace.Record, error)   { return f.records, nil }
func (f fixedEngine) AddProject(context.Context, string) (workspace.Project, error) {
	return workspace.Project{}, nil
}
func (f fixedEngine) Dirty(context.Context, string) (bool, error)                { return false, nil }
func (f fixedEngine) ValidateCreate(context.Context, CreateRequest) (int, error) { return 0, nil }
func (f fixedEngine) Create(context.Context, CreateRequest, func(string)) (CreateResult, error) {
	return CreateResult{}, nil
}
func (f fixedEngine) Teardown(context.Context, string, bool, func(StepEvent)) (string, error) {
	return "", nil
}
func (f fixedEngine) Recover(context.Context) (RecoveryReport, error)        { return RecoveryReport{}, nil }
func (f fixedEngine) SessionEnv(context.Context, string) ([]string, error)   { return nil, nil }
func (f fixedEngine) SetTabs(context.Context, string, []workspace.Tab) error { return nil }
func (f fixedEngine) Status(context.Context, string, []string) (WorkspaceStatus, error) {
	return WorkspaceStatus{}, nil
}
func (f fixedEngine) ReleaseOrphans(context.Context, int, []string) (int, error) { return 0, nil }
func (f fixedEngine) Approve(context.Context, string) (bool, error)              { return false, nil }
func (f fixedEngine) Restore(context.Context, string) error                      { return nil }
func (f fixedEngine) StartRun(context.Context, string) (string, error)           { return "", nil }
func (f fixedEngine) ScriptOutput(string, string, int) (string, error)           { return "", nil }
func (f fixedEngine) Untrust(context.Context, string) (int, error)               { return 0, nil }

func sampleSnapshot() snapshot {
	created := time.Date(2026, 11, 2, 9, 30, 0, 0, time.UTC)
	rec := func(id, name, repo string) workspace.Record {
		return workspace.Record{ID: id, Name: name, Branch: name, Base: "main", Repo: repo,
			Root: "/home/dev/.amux/worktrees/" + name, Created: created, CreatedBranch: true}
	}
	shelved := rec("3333333333333333", "old-spike", "/home/dev/code/api")
	shelved.Shelved = true
	return snapshot{
		projects: []workspace.Project{{Name: "api", Path: "/home/dev/code/api"}, {Name: "web", Path: "/home/dev/code/web"}},
		records: []workspace.Record{
			rec("1111111111111111", "auth-fix", "/home/dev/code/api"),
			rec("2222222222222222", "perf-pass", "/home/dev/code/api"),
			shelved,
			rec("4444444444444444", "redesign", "/home/dev/code/web"),
		},
		sessions: []tmux.SessionInfo{{Name: "amux-1111111111111111-tab-a-1", Managed: true, Workspace: "1111111111111111", Type: "agent"}},
	}
}

func newTestModel(w, h int) *Model {
	snap := sampleSnapshot()
	// The screen shows times in Zone: pinned so it renders the same everywhere.
	m := New(Deps{Config: config.Defaults(), Engine: fixedEngine{snap.projects, snap.records}, Now: time.Now, Zone: time.UTC})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.Update(loadedMsg{gen: m.loadGen, snap: snap})
	m.Update(dirtyMsg{map[string]bool{"2222222222222222": true}})
	return m
}

func screenText(m *Model) string {
	lines := strings.Split(ansi.Strip(m.render()), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

func TestGoldenDashboard120x40(t *testing.T) {
	m := newTestModel(120, 40)
	m.dash.Move(1) // onto auth-fix
	got := screenText(m)
	const path = "testdata/dashboard_120x40.golden"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Fatalf("dashboard differs from %s (run with -update if intended):\n%s", path, got)
	}
	if n := strings.Count(got, "\n"); n != 40 {
		t.Fatalf("screen has %d rows, want 40", n)
	}
}

func TestTooSmallScreen(t *testing.T) {
	for _, size := range [][2]int{{79, 40}, {120, 23}} {
		m := newTestModel(size[0], size[1])
		if got := screenText(m); !strings.Contains(got, "Terminal too small") {
			t.Fatalf("%v: %s", size, got)
		}
	}
	if got := screenText(newTestModel(80, 24)); strings.Contains(got, "too small") || !strings.Contains(got, "auth-fix") {
		t.Fatalf("80x24 must render the layout:\n%s", got)
	}
}
