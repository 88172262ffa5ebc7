package vendorhooks

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// runOpencodePlugin installs amux's plugin, loads it in node as opencode
// would, feeds it events in order (each report's process is waited for
// before the next event, so the log keeps their order) and returns the
// reports it made: the arguments each amux run got, one line each.
func runOpencodePlugin(t *testing.T, events ...map[string]any) []string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH: the plugin cannot be run")
	}
	dir := t.TempDir()
	log := filepath.Join(dir, "reports.log")
	fake := filepath.Join(dir, "amux")
	script := "#!/bin/sh\nprintf '%s\\n' \"$*\" >> " + log + "\n"
	if err := os.WriteFile(fake, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	plugin := filepath.Join(dir, "plugins", OpencodePluginName)
	if _, err := InstallOpencode(plugin, fake); err != nil {
		t.Fatal(err)
	}
	evs, _ := json.Marshal(events)
	// The plugin spawns amux and does not wait; the driver wraps spawn to
	// wait for each child to exit before the next event.
	driver := `
import { pathToFileURL } from "node:url";
import cp from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
const real = cp.spawn;
let running = [];
cp.spawn = (...a) => { const c = real(...a); running.push(new Promise(r => c.on("exit", r).on("error", r))); return c; };
syncBuiltinESMExports(); // the plugin's "import { spawn }" sees the wrapper
const mod = await import(pathToFileURL(process.argv[2]).href);
const hooks = await mod.AmuxReport({});
for (const event of JSON.parse(process.argv[3])) {
  await hooks.event({ event });
  await Promise.all(running);
  running = [];
}
`
	drv := filepath.Join(dir, "driver.mjs")
	if err := os.WriteFile(drv, []byte(driver), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, drv, plugin, string(evs))
	cmd.Env = append(os.Environ(), "AMUX_ENV=1", "AMUX_BIN_PATH=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	b, _ := os.ReadFile(log)
	var reports []string
	for line := range strings.Lines(string(b)) {
		reports = append(reports, strings.TrimPrefix(strings.TrimSpace(line), "report --app opencode "))
	}
	return reports
}

func sessionEvent(typ string, props map[string]any) map[string]any {
	props["sessionID"] = "ses_1"
	return map[string]any{"type": typ, "properties": props}
}

var (
	busyEvent = sessionEvent("session.status", map[string]any{"status": map[string]any{"type": "busy"}})
	idleEvent = sessionEvent("session.idle", map[string]any{})
)

func apiError(name, message string) map[string]any {
	return sessionEvent("session.error", map[string]any{"error": map[string]any{"name": name,
		"data": map[string]any{"message": message, "statusCode": 400}}})
}

// opencode follows a session's error with its idle: the error is reported
// with its message, and the idle after it does not turn it into done. The
// next turn is busy again, and its idle is done.
func TestOpencodePluginKeepsASessionErrorOverTheIdleAfterIt(t *testing.T) {
	got := runOpencodePlugin(t, busyEvent, apiError("APIError", "Invalid request:\nbad model."), idleEvent, busyEvent, idleEvent)
	want := []string{"--state working", "--state error --message Invalid request: bad model.", "--state working", "--state done"}
	if !slices.Equal(got, want) {
		t.Fatalf("reports:\n%q\nwant:\n%q", got, want)
	}
}

// An idle that comes twice, and an error that names no session, still
// leave the error standing.
func TestOpencodePluginKeepsAnErrorOverEveryIdle(t *testing.T) {
	noSession := map[string]any{"type": "session.error", "properties": map[string]any{
		"error": map[string]any{"name": "UnknownError", "data": map[string]any{"message": "boom"}}}}
	got := runOpencodePlugin(t, busyEvent, noSession, idleEvent, idleEvent)
	if want := []string{"--state working", "--state error --message boom"}; !slices.Equal(got, want) {
		t.Fatalf("reports %q, want %q", got, want)
	}
}

// The person's interrupt comes as an error too (MessageAbortedError): it is
// no failure, and its idle reports done.
func TestOpencodePluginTakesAnInterruptForNoError(t *testing.T) {
	got := runOpencodePlugin(t, busyEvent, apiError("MessageAbortedError", "The operation was aborted."), idleEvent)
	if want := []string{"--state working", "--state done"}; !slices.Equal(got, want) {
		t.Fatalf("reports %q, want %q", got, want)
	}
}
