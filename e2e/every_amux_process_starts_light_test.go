package e2e

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// Every amux process is the one binary: the TUI, each `amux report` and
// `amux wait`, and one long-lived tap per pane all run every linked
// package's init. What those inits allocate is paid by every one of them
// (chroma's lexer and style registries once made it 4.8 MB a process, the
// tap's RSS doubling), so it is held to a budget here. Bytes, not time:
// the runtime's init trace counts them exactly.
const (
	initBudget        = 1 << 20   // all packages together
	packageInitBudget = 256 << 10 // any one package
)

// TestEveryAmuxProcessStartsLight runs `amux report --help` (a pane's
// verb, the commonest process) with the runtime's init trace and checks
// what the package inits allocated.
func TestEveryAmuxProcessStartsLight(t *testing.T) {
	env := append(harness.NewEnv(t).Vars(), "GODEBUG=inittrace=1")
	_, trace, code := harness.RunAmux(t, env, "report", "--help")
	if code != 0 {
		t.Fatalf("report --help: exit %d\n%s", code, trace)
	}
	type pkgInit struct {
		name  string
		bytes int
	}
	var inits []pkgInit
	total := 0
	for _, line := range strings.Split(trace, "\n") {
		// init <package> @0.1 ms, 0.01 ms clock, 1234 bytes, 5 allocs
		f := strings.Fields(line)
		if len(f) < 11 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		n, err := strconv.Atoi(f[7])
		if err != nil {
			t.Fatalf("unreadable init trace line %q", line)
		}
		inits = append(inits, pkgInit{f[1], n})
		total += n
	}
	if len(inits) == 0 {
		t.Fatalf("no init trace in the output:\n%s", trace)
	}
	sort.Slice(inits, func(i, j int) bool { return inits[i].bytes > inits[j].bytes })
	var top strings.Builder
	for _, p := range inits[:min(5, len(inits))] {
		fmt.Fprintf(&top, "\n  %s: %d bytes", p.name, p.bytes)
	}
	if total > initBudget {
		t.Errorf("package inits allocate %d bytes in every amux process (budget %d); the heaviest:%s", total, initBudget, top.String())
	}
	if inits[0].bytes > packageInitBudget {
		t.Errorf("%s's init allocates %d bytes (budget %d per package); the heaviest:%s",
			inits[0].name, inits[0].bytes, packageInitBudget, top.String())
	}
}
