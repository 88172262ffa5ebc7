// Package config reads and writes ~/.amux/config.json (under the state home)
// with the contract's deliberately asymmetric rules: startup falls back to
// defaults on malformed content, but a save refuses an unreadable or
// non-object document instead of rewriting a partial view of it. A missing
// or empty file is an empty config and is written normally.
package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// FileName is the config file's name inside the state home.
const FileName = "config.json"

// EnvHome relocates the state home (tests, several setups on one machine).
const EnvHome = "AMUX_HOME"

// StateHome returns $AMUX_HOME when set, else ~/.amux.
func StateHome(getenv func(string) string) (string, error) {
	if h := strings.TrimSpace(getenv(EnvHome)); h != "" {
		return filepath.Abs(h)
	}
	home := getenv("HOME")
	if home == "" {
		var err error
		if home, err = os.UserHomeDir(); err != nil {
			return "", errors.New("cannot find the state home: set AMUX_HOME or HOME")
		}
	}
	return filepath.Join(home, ".amux"), nil
}

// Path is the config file inside a state home.
func Path(home string) string { return filepath.Join(home, FileName) }

// Config is the effective configuration: the file's values over defaults.
type Config struct {
	Assistants map[string]Assistant
	UI         UI
	Ports      Ports // shapes new reservations only; existing ones keep their bounds
	Status     Status
	Notify     Notify // the notify command (see Notify)
	// Keys rebinds actions: action ID to the keys that replace its
	// defaults. Config checks only the shape; ui/keys checks the IDs and
	// clashes when it applies them.
	Keys map[string][]string
	// UserThemes are the valid themes of themes.json (see LoadUserThemes).
	UserThemes []Palette
	// Hosts are the remote machines, in the order the UI lists them after
	// this machine (see Host; saved by SaveHosts).
	Hosts []Host
}

// Status tunes the activity heuristic behind @amux_agent_state.
type Status struct {
	QuietAfterMs   int // a working session quiet this long is done
	DoneWindowMs   int // done turns to idle after this long
	StartupGraceMs int // a tab younger than this is starting until quiet or typed into
	// ShortCommandMs: a terminal tab's command shorter than this rings no
	// bell and sends no notification when it ends.
	ShortCommandMs int
	// ShellMarks gives terminal tabs' bash, zsh and fish OSC 133 prompt
	// marks (see docs/status-protocol.md); false runs the shell as is.
	ShellMarks bool
	// StuckAfterMs: an agent on a screen shown before its session starts
	// (folder trust, first run) this long is flagged by the health check.
	StuckAfterMs int
}

// Assistant is how one agent is launched and interrupted.
type Assistant struct {
	Command          string // shell command line, run with sh -lc
	InterruptCount   int    // Ctrl-C presses per interrupt; 0 is a real setting
	InterruptDelayMs int    // spacing between those presses; 0 is a real setting
	BuiltIn          bool   // shipped with amux (the file may override it)
	// ResumeCommand continues the agent's last conversation in its working
	// directory (claude --continue); "" means the agent cannot resume.
	ResumeCommand string
}

// UI holds the interface settings.
type UI struct {
	Theme        string // a name from Config.ThemeNames
	TmuxServer   string // empty: $AMUX_TMUX_SERVER or "amux"
	TmuxConfig   string // empty: $AMUX_TMUX_CONFIG or /dev/null
	ShowKeyHints bool
	BellOnDone   bool
	// Notifications is how amux asks the outer terminal for a desktop
	// notification when a tab turns blocked or done: NotifyOSC9,
	// NotifyOSC777 or NotifyOff.
	Notifications string
}

// The values of UI.Notifications.
const (
	NotifyOSC9   = "osc9"   // ESC ] 9 ; text BEL (iTerm2, Windows Terminal, ghostty, kitty, WezTerm)
	NotifyOSC777 = "osc777" // ESC ] 777 ; notify ; title ; body BEL (foot, urxvt, VTE, WezTerm)
	NotifyOff    = "off"
)

// NotifyStyles lists the values UI.Notifications accepts.
func NotifyStyles() []string { return []string{NotifyOSC9, NotifyOSC777, NotifyOff} }

// Defaults returns the built-in configuration.
func Defaults() Config {
	return Config{
		Assistants: builtinAssistants(),
		UI:         UI{Theme: "dark", ShowKeyHints: true, BellOnDone: true, Notifications: NotifyOSC9},
		Ports:      defaultPorts(),
		Status: Status{QuietAfterMs: 5000, DoneWindowMs: 30000, StartupGraceMs: 60000,
			ShortCommandMs: 10000, ShellMarks: true, StuckAfterMs: 60000},
		Notify: Notify{On: NotifyStates()},
	}
}

func builtinAssistants() map[string]Assistant {
	a := func(cmd string, count int) Assistant {
		return Assistant{Command: cmd, InterruptCount: count, InterruptDelayMs: 150, BuiltIn: true}
	}
	resumable := func(cmd, resume string) Assistant {
		r := a(cmd, 1)
		r.ResumeCommand = resume
		return r
	}
	return map[string]Assistant{
		"claude":   resumable("claude", "claude --continue"),
		"codex":    resumable("codex", "codex resume --last"),
		"gemini":   a("gemini", 1),
		"opencode": a("opencode", 1),
		"amp":      a("amp", 1),
		"shell":    a(`exec "${SHELL:-/bin/sh}" -l`, 1),
	}
}

// Resume returns the command that resumes assistant name's last
// conversation, and whether it has one.
func (c Config) Resume(name string) (string, bool) {
	a, ok := c.Assistants[name]
	return a.ResumeCommand, ok && a.ResumeCommand != ""
}

// AssistantNames returns the configured assistant names, sorted, with the
// built-ins first in their usual order.
func (c Config) AssistantNames() []string {
	order := []string{"claude", "codex", "gemini", "opencode", "amp", "shell"}
	var names []string
	for _, n := range order {
		if _, ok := c.Assistants[n]; ok {
			names = append(names, n)
		}
	}
	var extra []string
	for n := range c.Assistants {
		if !slices.Contains(order, n) {
			extra = append(extra, n)
		}
	}
	slices.Sort(extra)
	return append(names, extra...)
}
