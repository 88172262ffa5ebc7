package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Notify is the notify command: a program amux runs when a tab turns
// blocked, done or error, so a person hears of it wherever they are (a
// phone, a chat). It is an argv, never a shell line; the event is in its
// environment (AMUX_NOTIFY_WORKSPACE, _TAB, _STATE, _REASON, _SESSION, …).
// config.json:
//
//	"notify": {"command": ["notify-send", "amux"], "on": ["blocked", "done", "error"]}
type Notify struct {
	Command []string // empty: off
	On      []string // the states that run it, of NotifyStates
}

// NotifyStates are the states a notify command may run on.
func NotifyStates() []string { return []string{"blocked", "done", "error"} }

// Runs reports whether the command runs when a tab turns state.
func (n Notify) Runs(state string) bool {
	return len(n.Command) > 0 && slices.Contains(n.On, state)
}

// Equal reports whether two notify settings are the same.
func (n Notify) Equal(o Notify) bool {
	return slices.Equal(n.Command, o.Command) && slices.Equal(n.On, o.On)
}

// Validate checks the command's words and the states.
func (n Notify) Validate() error {
	for _, w := range n.Command {
		if w == "" || strings.ContainsRune(w, 0) {
			return errors.New("notify: the command has an empty word")
		}
	}
	for _, s := range n.On {
		if !slices.Contains(NotifyStates(), s) {
			return fmt.Errorf("notify: unknown state %q in on (want some of %v)", s, NotifyStates())
		}
	}
	return nil
}

type fileNotify struct {
	Command *[]string `json:"command,omitempty"`
	On      *[]string `json:"on,omitempty"`
}

func applyNotify(cfg *Config, raw json.RawMessage) []error {
	var fn fileNotify
	if err := json.Unmarshal(raw, &fn); err != nil {
		return []error{fmt.Errorf("config: notify ignored: %w", err)}
	}
	n := cfg.Notify
	if fn.Command != nil {
		n.Command = slices.Clone(*fn.Command)
	}
	if fn.On != nil {
		n.On = slices.Clone(*fn.On)
	}
	if err := n.Validate(); err != nil {
		return []error{fmt.Errorf("config: notify ignored: %w", err)}
	}
	cfg.Notify = n
	return nil
}

// notifySection is the notify section as saved: both keys explicit, so an
// empty command (off) is kept.
func notifySection(n Notify) map[string]any {
	cmd, on := n.Command, n.On
	if cmd == nil {
		cmd = []string{}
	}
	if on == nil {
		on = []string{}
	}
	return map[string]any{"command": cmd, "on": on}
}
