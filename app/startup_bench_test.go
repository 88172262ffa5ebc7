package app

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/workspace"
)

// BenchmarkStartupProjectList measures what stands between `amux` and a
// populated dashboard with 50 projects and 500 workspaces on disk: reading
// the projects registry and every record, one list-sessions against a real
// tmux server (with a live session, so the server is up), building the
// rows and rendering the first full frame at 120×40. Target: under 150 ms.
func BenchmarkStartupProjectList(b *testing.B) {
	home := b.TempDir()
	ctx := context.Background()
	srv := tmuxtest.New(b)
	srv.Session(b, "amux-bench", nil)
	eng, err := workspace.New(workspace.Options{Home: home, Tmux: srv.Client})
	if err != nil {
		b.Fatal(err)
	}
	store := eng.Store()
	for p := range 50 {
		repo := fmt.Sprintf("/src/project-%02d", p)
		if _, err := store.AddProject(ctx, repo, filepath.Base(repo)); err != nil {
			b.Fatal(err)
		}
		for w := range 10 {
			root := fmt.Sprintf("%s-wt/ws-%d", repo, w)
			rec := workspace.Record{Name: fmt.Sprintf("ws-%d", w), Branch: fmt.Sprintf("ws-%d", w), Repo: repo, Root: root, Created: time.Now()}
			if _, err := store.Insert(ctx, rec); err != nil {
				b.Fatal(err)
			}
		}
	}
	deps := withEngine(Deps{Config: config.Defaults(), Tmux: srv.Client, Now: time.Now}, eng)

	b.ResetTimer()
	for b.Loop() {
		m := New(deps)
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		msg := m.list.load()()
		m.Update(msg)
		if len(m.list.snap.Records) != 500 || len(m.list.rows.Projects()) != 50 {
			b.Fatalf("loaded %d records, %d projects", len(m.list.snap.Records), len(m.list.rows.Projects()))
		}
		_ = m.render()
	}
}
