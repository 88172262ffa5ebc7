package tmux

import (
	"context"
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
	TagSessionOwner     = "@amux_session_owner"      // scan-owner instance (server option)
	TagSessionLeaseMs   = "@amux_session_lease_ms"   // owner lease, Unix ms
	TagOwnerHeartbeatMs = "@amux_owner_heartbeat_ms" // owner heartbeat, Unix ms
	TagLastOutputAt     = "@amux_last_output_at"     // Unix ms
	TagLastInputAt      = "@amux_last_input_at"      // Unix ms
	TagAgentState       = "@amux_agent_state"        // idle|working|done|blocked|error
	TagWorkspaceName    = "@amux_workspace_name"     // display label, sanitized
	TagProject          = "@amux_project"            // display label, sanitized
)

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
var HostedPaneOptions = []SetOption{
	{Key: "status", Value: "off"},
	{Key: "remain-on-exit", Value: "on"},
}

// ExactSession is the "=name" target has-session, kill-session and friends
// need so tmux never prefix-matches "…-1" onto "…-10".
func ExactSession(name string) string { return "=" + name }

// ExactPane targets the active pane of a session by exact name. Newer tmux
// rejects "=name" as a pane target, so the window separator is included.
func ExactPane(name string) string { return "=" + name + ":" }

// SetOption pairs an option key with the value to write.
type SetOption struct{ Key, Value string }

// SetSessionOptions writes options on a session in one tmux invocation.
// target is a bare session name or a "$N" id: set-option rejects "=".
func SetSessionOptions(ctx context.Context, r Runner, target string, opts ...SetOption) error {
	return runChain(ctx, r, chain(opts, func(o SetOption) []string {
		return []string{"set-option", "-q", "-t", target, o.Key, o.Value}
	}))
}

// SetPaneOptions writes pane options on a pane ("%N") in one invocation.
func SetPaneOptions(ctx context.Context, r Runner, paneID string, opts ...SetOption) error {
	return runChain(ctx, r, chain(opts, func(o SetOption) []string {
		return []string{"set-option", "-p", "-q", "-t", paneID, o.Key, o.Value}
	}))
}

// UnsetPaneOptions removes pane options from a pane in one invocation.
func UnsetPaneOptions(ctx context.Context, r Runner, paneID string, keys ...string) error {
	return runChain(ctx, r, chain(keys, func(k string) []string {
		return []string{"set-option", "-p", "-q", "-u", "-t", paneID, k}
	}))
}

// SessionOption reads one option of a session ("" when unset). target is a
// bare name or "$N" id, never "=name".
func SessionOption(ctx context.Context, r Runner, target, key string) (string, error) {
	out, err := r.Run(ctx, "show-options", "-q", "-v", "-t", target, key)
	return strings.TrimSuffix(out, "\n"), err
}

// ServerOption reads one global user option of the server ("" when unset).
func ServerOption(ctx context.Context, r Runner, key string) (string, error) {
	out, err := r.Run(ctx, "show-options", "-g", "-q", "-v", key)
	return strings.TrimSuffix(out, "\n"), err
}

// SetServerOptions writes global user options in one invocation.
func SetServerOptions(ctx context.Context, r Runner, opts ...SetOption) error {
	return runChain(ctx, r, chain(opts, func(o SetOption) []string {
		return []string{"set-option", "-g", "-q", o.Key, o.Value}
	}))
}

// LabelValue turns a display label into a tag value: control bytes are
// stripped and the result capped at 128 runes, as the contract requires of
// @amux_workspace_name, @amux_project and the reported message.
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

// chain joins one tmux command per item with ";" separators so they run in a
// single client invocation.
func chain[T any](items []T, build func(T) []string) []string {
	var args []string
	for i, it := range items {
		if i > 0 {
			args = append(args, Sep)
		}
		args = append(args, build(it)...)
	}
	return args
}

func runChain(ctx context.Context, r Runner, args []string) error {
	if len(args) == 0 {
		return nil
	}
	_, err := r.Run(ctx, args...)
	return err
}
