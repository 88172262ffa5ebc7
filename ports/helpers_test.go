package ports

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// Environment of the helper process (the test binary re-executed).
const (
	helperEnv  = "AMUX_PORTS_HELPER" // mode: "reserve" or "hold"
	helperHome = "AMUX_PORTS_HOME"
	helperArg  = "AMUX_PORTS_ARG"
)

// wideSettings leave room for hundreds of 10-port intervals.
var wideSettings = Settings{Start: 20000, End: 29999, Size: 10}

func clean(context.Context) (bool, error) { return false, nil }

// stateHome points HOME and the state home into fresh temp directories.
func stateHome(tb testing.TB) string {
	tb.Setenv("HOME", tb.TempDir())
	return filepath.Join(tb.TempDir(), "amux-home")
}

func newRegistry(tb testing.TB, home string, s Settings) *Registry {
	tb.Helper()
	r, err := New(home, s, clean)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

func mustReserve(tb testing.TB, r *Registry, id string) Reservation {
	tb.Helper()
	got, err := r.Reserve(context.Background(), id)
	if err != nil {
		tb.Fatalf("Reserve(%q): %v", id, err)
	}
	return got
}

func fileBytes(tb testing.TB, r *Registry) []byte {
	tb.Helper()
	b, err := os.ReadFile(r.Path())
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func fileDoc(tb testing.TB, r *Registry) *document {
	tb.Helper()
	d, err := decode(r.Path(), fileBytes(tb, r))
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

func workspaceID(i int) string { return fmt.Sprintf("%016x", 0xa000+i) }

// TestHelperProcess is not a test: it is the body of the child processes
// the multi-process tests start by re-executing the test binary.
func TestHelperProcess(t *testing.T) {
	mode := os.Getenv(helperEnv)
	if mode == "" {
		return
	}
	r, err := New(os.Getenv(helperHome), wideSettings, clean)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	ctx := context.Background()
	switch mode {
	case "reserve":
		// Reserve workspaces 0..n-1, starting at offset so that the
		// processes contend on different IDs at first.
		var n, offset int
		fmt.Sscanf(os.Getenv(helperArg), "%d/%d", &n, &offset)
		w := bufio.NewWriter(os.Stdout)
		for k := range n {
			id := workspaceID((k + offset) % n)
			got, err := r.Reserve(ctx, id)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
			fmt.Fprintf(w, "RES %s %d %d\n", got.Owner, got.Start, got.Size)
		}
		w.Flush()
	case "hold":
		got, err := r.ReserveTransient(ctx, os.Getenv(helperArg))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Println("ready " + strconv.Itoa(got.Start))
		io.Copy(io.Discard, os.Stdin) // hold until killed
	}
	os.Exit(0)
}

// helperCmdEnv is the environment for a helper child.
func helperCmdEnv(mode, home, arg string) []string {
	return append(os.Environ(), helperEnv+"="+mode, helperHome+"="+home, helperArg+"="+arg)
}
