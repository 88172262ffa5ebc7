package vendorhooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"amux.dev/amux/config/atomicfile"
)

// opencode has no hook commands in its settings; it loads plugins, JS
// modules in <config>/plugins/ (opencode 1.18 scans "{plugin,plugins}/*.
// {ts,js}"), whose "event" function sees its event bus. amux's plugin is
// one file of its own there, marked like every amux hook; installing
// writes it, removing deletes it, and a file of that name that amux did
// not write is refused, never replaced or deleted.

// OpencodePluginName is the file amux writes among opencode's plugins.
const OpencodePluginName = "amux-report.js"

// opencodePlugin is the plugin's source. It maps opencode's events to
// reports: a session busy → working; a permission or question asked →
// blocked (permission, question); answered → working; the session idle →
// done; a session error → error, with the error's message. opencode
// follows a session's error with its idle, which would report done over
// the error: so an idle after an error reports nothing, and the error
// stands until the session is busy again; reports go out one at a time,
// in order. An interrupt (the person's esc)
// arrives as an error too, MessageAbortedError, and is no failure: its
// idle reports done. Outside an amux pane it does nothing, and a failing
// report never reaches opencode.
const opencodePlugin = `// ` + Marker + `: written by amux; tells amux what opencode is doing (amux report).
// It acts only inside amux panes. amux removes it again on request.
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";

const hint = %s;

function amux() {
  for (const b of [process.env.AMUX_BIN_PATH, hint]) {
    if (!b) continue;
    try { accessSync(b, constants.X_OK); return b; } catch {}
  }
  return "";
}

// Reports run one at a time, in the order of their events: an error and
// the idle right after it must not reach amux the other way round. A
// report that hangs holds the next one back for two seconds at most.
let queue = Promise.resolve();

function report(...args) {
  const bin = process.env.AMUX_ENV ? amux() : "";
  if (!bin) return;
  queue = queue.then(() => new Promise((done) => {
    const timer = setTimeout(done, 2000);
    const finish = () => { clearTimeout(timer); done(); };
    try {
      spawn(bin, ["report", "--app", "opencode", ...args], { stdio: "ignore" }).on("exit", finish).on("error", finish);
    } catch { finish(); }
  }));
}

// errorMessage is a session error's text on one line, short enough for
// a report's message.
function errorMessage(error) {
  const text = String(error?.data?.message || error?.name || "opencode gave up on the turn");
  return text.replace(/\s+/g, " ").trim().slice(0, 500);
}

// failed holds the sessions whose last turn ended on an error, by id ("":
// an error that named none): the idles that follow must not report done
// over it, until the session is busy again.
const failed = new Set();

export const AmuxReport = async () => ({
  event: async ({ event }) => {
    const session = event?.properties?.sessionID ?? "";
    switch (event?.type) {
      case "session.status":
        if (event.properties?.status?.type === "busy") {
          failed.delete(session);
          failed.delete("");
          report("--state", "working");
        }
        break;
      case "permission.asked":
        report("--state", "blocked", "--kind", "permission");
        break;
      case "question.asked":
        report("--state", "blocked", "--kind", "question");
        break;
      case "permission.replied":
      case "question.replied":
      case "question.rejected":
        report("--state", "working");
        break;
      case "session.idle":
        if (!failed.has(session) && !failed.has("")) report("--state", "done");
        break;
      case "session.error":
        if (event.properties?.error?.name === "MessageAbortedError") break;
        failed.add(session);
        report("--state", "error", "--message", errorMessage(event.properties?.error));
        break;
    }
  },
});
`

// OpencodePluginPath is where amux's plugin goes: opencode's global config
// folder ($OPENCODE_CONFIG_DIR, else $XDG_CONFIG_HOME/opencode, else
// $HOME/.config/opencode), under plugins/.
func OpencodePluginPath(getenv func(string) string) (string, error) {
	dir := getenv("OPENCODE_CONFIG_DIR")
	if dir == "" {
		base := getenv("XDG_CONFIG_HOME")
		if base == "" {
			home := getenv("HOME")
			if home == "" {
				return "", errors.New("HOME is not set: cannot find opencode's config folder")
			}
			base = filepath.Join(home, ".config")
		}
		dir = filepath.Join(base, "opencode")
	}
	return filepath.Join(dir, "plugins", OpencodePluginName), nil
}

func opencodeSource(binHint string) ([]byte, error) {
	if binHint != "" && (!filepath.IsAbs(binHint) || strings.ContainsAny(binHint, "\x00\n\r")) {
		return nil, errors.New("amux binary hint must be an absolute path on one line")
	}
	hint, err := json.Marshal(binHint) // a JS string literal
	if err != nil {
		return nil, err
	}
	return fmt.Appendf(nil, opencodePlugin, hint), nil
}

// InstallOpencode writes amux's plugin at path ("" for OpencodePluginPath),
// with amuxBinHint (may be "") as the amux binary to use when a pane's
// AMUX_BIN_PATH is missing or stale. changed is false when the file
// already held exactly this plugin; a file there that amux did not write
// is refused.
func InstallOpencode(path, amuxBinHint string) (changed bool, err error) {
	if path == "" {
		if path, err = OpencodePluginPath(os.Getenv); err != nil {
			return false, err
		}
	}
	src, err := opencodeSource(amuxBinHint)
	if err != nil {
		return false, err
	}
	old, err := os.ReadFile(path)
	switch {
	case err == nil && bytes.Equal(old, src):
		return false, nil
	case err == nil && !bytes.Contains(old, []byte(Marker)):
		return false, fmt.Errorf("%s is not amux's plugin; amux left it untouched", path)
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return false, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return false, err
	}
	if err := atomicfile.WriteFile(path, src, newFileMode); err != nil {
		return false, fmt.Errorf("writing %s: %w", path, err)
	}
	return true, nil
}

// RemoveOpencode deletes amux's plugin at path ("" for
// OpencodePluginPath). A missing file is not an error; a file there that
// amux did not write is refused.
func RemoveOpencode(path string) (changed bool, err error) {
	if path == "" {
		if path, err = OpencodePluginPath(os.Getenv); err != nil {
			return false, err
		}
	}
	old, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !bytes.Contains(old, []byte(Marker)) {
		return false, fmt.Errorf("%s is not amux's plugin; amux left it untouched", path)
	}
	if err := os.Remove(path); err != nil {
		return false, err
	}
	return true, nil
}
