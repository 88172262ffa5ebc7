package app

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"amux.dev/amux/status/agentstate"
)

// The workbench at the smallest size amux supports and at a large one:
// a workspace with six tabs, the sixth blocked. At 80×24 the tab bar counts
// the hidden tabs with the blocked badge; at 200×50 every tab shows.
func TestGoldenWorkbench(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			m := newTestModel(t, w, h)
			m.list.rows.Move(1) // onto auth-fix
			ws := m.list.selectedID()
			wt := m.tabs.ensure(ws)
			for i := 1; i <= 6; i++ {
				wt.tabs = append(wt.tabs, &tab{id: fmt.Sprint("t", i), kind: "agent", assistant: "claude", exitCode: -1,
					session: fmt.Sprintf("amux-%s-t%d", ws, i)})
			}
			wt.tabs[5].state = agentstate.Result{State: agentstate.Blocked, Message: "which db?"}
			got := screenText(m)
			path := fmt.Sprintf("testdata/workbench_%dx%d.golden", w, h)
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
				t.Fatalf("screen differs from %s (run with -update if intended):\n%s", path, got)
			}
			if n := strings.Count(got, "\n"); n != h {
				t.Fatalf("%d rows, want %d", n, h)
			}
			bar := strings.Split(got, "\n")[1]
			if w == 80 && !strings.Contains(bar, "◆›") {
				t.Fatalf("at 80×24 the hidden blocked tab is not counted: %q", bar)
			}
			if w == 200 && !strings.Contains(bar, "6 claude") {
				t.Fatalf("at 200×50 a tab is hidden: %q", bar)
			}
		})
	}
}
