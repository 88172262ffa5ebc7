package harness

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness/agentcli"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status"
)

// RealCodex is the real Codex CLI (the pinned @openai/codex) set up for
// one test: its home (CODEX_HOME) inside the test's HOME and a config.toml
// that sends every model request to a scripted model server on loopback.
type RealCodex struct {
	CLI    agentcli.Installed
	Server *modelserver.Server
	Home   string // CODEX_HOME
	// Config is config.toml as written; WriteConfig rewrites it.
	Config CodexConfig
}

// CodexConfig is what a story changes in Codex's config.toml.
type CodexConfig struct {
	// NoProvider leaves the model provider out: Codex then has no way to
	// reach a model and asks how to sign in.
	NoProvider bool
	// Trusted lists folders marked trusted (a folder not in it gets the
	// trust screen first).
	Trusted []string
	// ModelNotice leaves the what's-new notice for the configured model
	// unseen, so Codex offers its newer model at start.
	ModelNotice bool
	// OpenAIKey puts an OPENAI_API_KEY in Codex's environment, which its
	// API key sign-in offers to use.
	OpenAIKey bool
	// StreamRetries is how often Codex retries a failed request with its
	// "reconnecting n/N" row (0: never).
	StreamRetries int
	// AmuxBin, when set, is the amux Codex's environment names
	// ($AMUX_BIN_PATH, which amux's hook commands run first): a story's
	// wrapper that records how it was run.
	AmuxBin string
}

// codexKeyEnv names the environment variable the provider's key is read
// from; the scripted server takes any key.
const codexKeyEnv = "AMUX_TEST_OPENAI_KEY"

// PrepareCodex installs (or finds) the real Codex, starts a model server
// and writes Codex's config for it under env's HOME. Codex is told to send
// nothing elsewhere: no update check, no analytics, no feedback.
func PrepareCodex(t testing.TB, env *Env, cfg CodexConfig) *RealCodex {
	t.Helper()
	c := &RealCodex{CLI: agentcli.Require(t, "codex"), Server: modelserver.Start(t),
		Home: filepath.Join(env.Home, ".codex"), Config: cfg}
	if err := os.MkdirAll(c.Home, 0o700); err != nil {
		t.Fatal(err)
	}
	c.WriteConfig(t)
	// Codex keeps writing its databases and logs under CODEX_HOME for a
	// moment after its terminal goes: stop it before the test's folders
	// are removed (this cleanup runs before the tmux server's).
	t.Cleanup(func() { c.stop(t) })
	return c
}

// stop ends the Codex processes of this test — those whose environment
// holds this CODEX_HOME — and waits until they are gone.
func (c *RealCodex) stop(t testing.TB) {
	pids := c.processes()
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGKILL} {
		for _, pid := range pids {
			syscall.Kill(pid, sig)
		}
		deadline := time.Now().Add(5 * time.Second)
		for len(pids) > 0 && time.Now().Before(deadline) {
			pids = slices.DeleteFunc(pids, func(pid int) bool { return !running(pid) })
			time.Sleep(20 * time.Millisecond) // polling for exits: nothing to wait on for a non-child
		}
		if len(pids) == 0 {
			return
		}
	}
	t.Errorf("codex processes %v outlived the test", pids)
}

// processes lists the processes whose environment sets CODEX_HOME to c.Home.
func (c *RealCodex) processes() []int {
	want := []byte("CODEX_HOME=" + c.Home + "\x00")
	dirs, _ := os.ReadDir("/proc")
	var pids []int
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", d.Name(), "environ"))
		if err == nil && (bytes.HasPrefix(env, want) || bytes.Contains(env, append([]byte{0}, want...))) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// running reports whether pid is alive and not a zombie (which holds no
// files any more).
func running(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	_, after, _ := bytes.Cut(stat, []byte(") "))
	return len(after) > 0 && after[0] != 'Z'
}

// ConfigPath is Codex's config.toml.
func (c *RealCodex) ConfigPath() string { return filepath.Join(c.Home, "config.toml") }

// WriteConfig writes config.toml from c.Config: the provider on the model
// server (Responses API, no retries of its own but the stream retries
// asked for), approvals on request with a read-only sandbox — so a command
// run outside the sandbox and every edit need the person's yes.
func (c *RealCodex) WriteConfig(t testing.TB) {
	t.Helper()
	var b strings.Builder
	cfg := c.Config
	fmt.Fprintf(&b, "model = %q\n", modelserver.OpenAIModel)
	if !cfg.NoProvider {
		b.WriteString("model_provider = \"amuxtest\"\n")
	}
	b.WriteString("approval_policy = \"on-request\"\nsandbox_mode = \"read-only\"\n")
	b.WriteString("check_for_update_on_startup = false\n")
	if !cfg.NoProvider {
		fmt.Fprintf(&b, "\n[model_providers.amuxtest]\nname = \"amux test server\"\nbase_url = %q\nenv_key = %q\n"+
			"wire_api = \"responses\"\nrequest_max_retries = 0\nstream_max_retries = %d\n",
			c.Server.URL()+"/v1", codexKeyEnv, cfg.StreamRetries)
	}
	b.WriteString("\n[analytics]\nenabled = false\n\n[feedback]\nenabled = false\n")
	// Off: what would fetch from the internet (plugin and app catalogues
	// from chatgpt.com and GitHub, in-app updates, the tooltips'
	// announcement from GitHub) and the background server.
	b.WriteString("\n[features]\nplugins = false\nremote_plugin = false\nplugin_sharing = false\napps = false\n" +
		"in_app_updates = false\ntool_suggest = false\nskill_mcp_dependency_install = false\ndaemon_auto_start = false\n")
	// The screen-reader probe and the model notices are first-run screens
	// of their own; these are the keys Codex writes once they were seen.
	b.WriteString("\n[tui]\nscreen_reader_detection_done = true\nshow_tooltips = false\nshow_server_version_notice = false\n")
	if !cfg.ModelNotice {
		fmt.Fprintf(&b, "\n[notice.model_migrations]\n%q = \"gpt-6-sol\"\n", modelserver.OpenAIModel)
	}
	for _, dir := range cfg.Trusted {
		fmt.Fprintf(&b, "\n[projects.%q]\ntrust_level = \"trusted\"\n", dir)
	}
	if err := os.WriteFile(c.ConfigPath(), []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
}

// offline points every proxy Codex follows at a closed loopback port, and
// exempts loopback: Codex fetches an announcement from GitHub at start
// whatever its config says, and that must fail here, never leave the
// machine.
const offline = " HTTPS_PROXY=http://127.0.0.1:9 HTTP_PROXY=http://127.0.0.1:9 ALL_PROXY=http://127.0.0.1:9" +
	" NO_PROXY=127.0.0.1,localhost"

// Command is the assistant command for amux's config.json: amux runs it
// with `sh -lc`, so PATH is set in it (the pinned node first) and every
// path is quoted. --no-daemon keeps Codex from leaving a background server
// behind the test.
func (c *RealCodex) Command() string {
	key := ""
	if c.Config.OpenAIKey {
		key = " OPENAI_API_KEY=sk-amux-test-key"
	}
	if c.Config.AmuxBin != "" {
		key += " AMUX_BIN_PATH=" + status.ShellQuote(c.Config.AmuxBin)
	}
	return "CODEX_HOME=" + status.ShellQuote(c.Home) + key + offline +
		" " + codexKeyEnv + "=sk-amux-test" +
		" PATH=" + status.ShellQuote(c.CLI.NodeDir) + ":\"$PATH\"" +
		" exec " + status.ShellQuote(c.CLI.Program) + " --no-daemon"
}

// WorktreePath is where amux puts workspace name of project: the folder
// Codex runs in (and the one it asks to trust).
func WorktreePath(env *Env, project, name string) string {
	return filepath.Join(env.StateHome, "worktrees", project, name)
}

// CodexPatch is an apply_patch input adding file with one line.
func CodexPatch(file, line string) string {
	return "*** Begin Patch\n*** Add File: " + file + "\n+" + line + "\n*** End Patch\n"
}

// CodexCommand is an exec_command call that needs the person's approval:
// it asks to run outside the sandbox.
func CodexCommand(cmd string) *modelserver.ToolCall {
	return &modelserver.ToolCall{Name: "exec_command", Input: map[string]any{
		"cmd": cmd, "sandbox_permissions": "require_escalated",
		"justification": "Run " + strconv.Quote(cmd) + " outside the sandbox?"}}
}

// CodexEdit is an apply_patch call adding file: Codex's read-only sandbox
// makes every edit need the person's approval.
func CodexEdit(file, line string) *modelserver.ToolCall {
	return &modelserver.ToolCall{Name: "apply_patch", Input: map[string]any{"input": CodexPatch(file, line)}}
}
