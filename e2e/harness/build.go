// Package harness runs amux's end-to-end tests against the real thing: the
// amux binary built once per test process, private tmux servers, a raw-mode
// fake agent, and amux itself on a terminal whose screen tests can read.
package harness

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// builds holds the binaries of this test process. It is test support state:
// built once, read-only afterwards, removed by Main.
type builds struct {
	once  sync.Once
	dir   string
	amux  string
	agent string
	err   error

	testOnce sync.Once // the test build, made only when a test asks
	testAmux string
	testErr  error

	postOnce sync.Once // the notify command helper, made only when a test asks
	post     string
	postErr  error
}

var built builds

// Main runs the tests of an e2e package and removes the built binaries
// afterwards. Call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

func build() {
	built.dir, built.err = os.MkdirTemp("", "amux-e2e-bin-")
	if built.err != nil {
		return
	}
	built.amux = filepath.Join(built.dir, "amux")
	built.agent = filepath.Join(built.dir, "fakeagent")
	for pkg, out := range map[string]string{"amux.dev/amux": built.amux, "amux.dev/amux/e2e/fakeagent": built.agent} {
		cmd := exec.Command("go", "build", "-o", out, pkg)
		// As the README builds it: static, without the C library.
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if b, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build %s: %v\n%s", pkg, err, b)
			return
		}
	}
}

// AmuxBinary returns the path of the amux binary, building it on first use.
func AmuxBinary(t testing.TB) string {
	t.Helper()
	built.once.Do(build)
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.amux
}

// FakeAgentBinary returns the path of the fake agent, building it on first use.
func FakeAgentBinary(t testing.TB) string {
	t.Helper()
	built.once.Do(build)
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.agent
}

// AmuxTestBinary returns the path of a test build of amux (go build -tags
// amuxtest): the same program, plus what only tests may do to it — F12
// panics on the update loop (app/testbuild_on.go). Built on first use.
func AmuxTestBinary(t testing.TB) string {
	t.Helper()
	built.once.Do(build)
	if built.err != nil {
		t.Fatal(built.err)
	}
	built.testOnce.Do(func() {
		built.testAmux = filepath.Join(built.dir, "amux-test")
		cmd := exec.Command("go", "build", "-tags", "amuxtest", "-o", built.testAmux, "amux.dev/amux")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if b, err := cmd.CombinedOutput(); err != nil {
			built.testErr = fmt.Errorf("go build -tags amuxtest: %v\n%s", err, b)
		}
	})
	if built.testErr != nil {
		t.Fatal(built.testErr)
	}
	return built.testAmux
}

// NotifyPostBinary returns the path of e2e/notifypost, a notify command
// that POSTs its AMUX_NOTIFY_* environment to a URL. Built on first use.
func NotifyPostBinary(t testing.TB) string {
	t.Helper()
	built.once.Do(build)
	if built.err != nil {
		t.Fatal(built.err)
	}
	built.postOnce.Do(func() {
		built.post = filepath.Join(built.dir, "notifypost")
		cmd := exec.Command("go", "build", "-o", built.post, "amux.dev/amux/e2e/notifypost")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if b, err := cmd.CombinedOutput(); err != nil {
			built.postErr = fmt.Errorf("go build notifypost: %v\n%s", err, b)
		}
	})
	if built.postErr != nil {
		t.Fatal(built.postErr)
	}
	return built.post
}
