package tmux

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Session option keys (the contract's "Reading state" table). They are a
// public seam: renaming one breaks every external orchestrator.
const (
	TagManaged          = "@amux"                    // literal "1"
	TagWorkspace        = "@amux_workspace"          // workspace ID
	TagTab              = "@amux_tab"                // tab ID
	TagType             = "@amux_type"               // agent, terminal or run
	TagAssistant        = "@amux_assistant"          // assistant name
	TagCreatedAt        = "@amux_created_at"         // Unix seconds
	TagInstance         = "@amux_instance"           // creating amux instance
	TagSessionOwner     = "@amux_session_owner"      // scan-owner instance (per session and global)
	TagSessionLeaseMs   = "@amux_session_lease_ms"   // owner lease expiry, Unix ms
	TagOwnerHeartbeatMs = "@amux_owner_heartbeat_ms" // owner heartbeat, Unix ms
	TagLastOutputAt     = "@amux_last_output_at"     // Unix ms
	TagLastInputAt      = "@amux_last_input_at"      // Unix ms
	TagAgentState       = "@amux_agent_state"        // idle|working|done|blocked|error
	TagWorkspaceName    = "@amux_workspace_name"     // display label, sanitized
	TagProject          = "@amux_project"            // display label, sanitized
	TagExitStatus       = "@amux_exit_status"        // exit status of a dead pane's program
	TagAgentReason      = "@amux_agent_reason"       // why blocked/done/error: the question, the report's message
)

// TagOwnerClient is a global option only (no session copy): the process ID
// of the scan owner's control-mode client, so another amux sees at once
// that the owner is gone (its client left the server) instead of waiting
// out the lease.
const TagOwnerClient = "@amux_owner_client"

// Pane option keys written by the status tap. They live and die with the pane.
const (
	PaneReportedState    = "@amux_reported_state"
	PaneReportedKind     = "@amux_reported_kind"
	PaneReportedApp      = "@amux_reported_app"
	PaneReportedMessage  = "@amux_reported_message"
	PaneReportedAt       = "@amux_reported_at"
	PaneCommandState     = "@amux_command_state"
	PaneCommandExit      = "@amux_command_exit"
	PaneCommandStartedAt = "@amux_command_started_at"
	PaneCommandEndedAt   = "@amux_command_ended_at"
	// PaneTap identifies the tap process reading the pane ("pid:start"),
	// so a health check can tell a tap that died from one never installed.
	PaneTap = "@amux_tap"
)

// Session types amux writes into TagType.
const (
	TypeAgent    = "agent"
	TypeTerminal = "terminal"
	TypeRun      = "run"
)

// HostedPaneOptions are set on every session amux hosts, in the creating
// invocation: tmux's status line would only steal a row from the embedded
// view (amux draws its own chrome), and a program that exits stays on screen
// so its last words can be read and the tab restarted.
func HostedPaneOptions() []SetOption {
	return []SetOption{{Key: "status", Value: "off"}, {Key: "remain-on-exit", Value: "on"}}
}

// ExactSession is the "=name" target has-session, kill-session and friends
// need so tmux never prefix-matches "…-1" onto "…-10".
func ExactSession(name string) string { return "=" + name }

// ExactPane targets the active pane of a session by exact name. Newer tmux
// rejects "=name" as a pane target, so the window separator is included.
func ExactPane(name string) string { return "=" + name + ":" }

// SetOption pairs an option key with the value to write.
type SetOption struct{ Key, Value string }

// The option writers below return a command's arguments rather than running
// it, so callers can Chain several into one tmux invocation (or send them in
// one control-mode batch): every tmux call costs a process, and every option
// write a redraw of each attached client.

// SetSessionOptionArgs writes key=value on a session. target is a bare
// session name or a "$N" id: set-option rejects "=".
func SetSessionOptionArgs(target, key, value string) []string {
	return []string{"set-option", "-q", "-t", target, key, value}
}

// SetPaneOptionArgs writes key=value on a pane ("%N").
func SetPaneOptionArgs(pane, key, value string) []string {
	return []string{"set-option", "-p", "-q", "-t", pane, key, value}
}

// UnsetSessionOptionArgs removes key from a session (bare name or "$N").
func UnsetSessionOptionArgs(target, key string) []string {
	return []string{"set-option", "-q", "-u", "-t", target, key}
}

// UnsetPaneOptionArgs removes key from a pane ("%N"). An option set to ""
// is not the same as an unset one: show-options still lists it.
func UnsetPaneOptionArgs(pane, key string) []string {
	return []string{"set-option", "-p", "-q", "-u", "-t", pane, key}
}

// SetGlobalOptionArgs writes key=value as a global session option, which
// every session (and every format) sees unless it sets its own.
func SetGlobalOptionArgs(key, value string) []string {
	return []string{"set-option", "-g", "-q", key, value}
}

// Chain joins commands with Sep so they run in order in one tmux
// invocation; tmux stops at the first that fails. Empty commands are
// skipped, and with none left Chain returns nil.
func Chain(cmds ...[]string) []string {
	n := 0
	for _, c := range cmds {
		n += len(c) + 1
	}
	var args []string
	for _, c := range cmds {
		if len(c) == 0 {
			continue
		}
		if args == nil {
			args = make([]string, 0, n)
		} else {
			args = append(args, Sep)
		}
		args = append(args, c...)
	}
	return args
}

// LabelValue turns a display label into a tag value: control bytes are
// stripped and the result capped at 128 runes, as the contract requires of
// @amux_workspace_name, @amux_project and the reported message. It is the
// rule for what amux writes into tmux for external tools (tmux ls, -F
// readers), not a display rule: amux's own screen draws tag values it reads
// back only through its display copies (ui/safetext), since another client
// of the server may have written them.
func LabelValue(s string) string {
	const maxRunes = 128
	var b strings.Builder
	n := 0
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) {
			continue
		}
		if n == maxRunes {
			break
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}
