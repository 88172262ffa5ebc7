package tmux

import "testing"

// This test pins the session-name grammar of orchestration-contract.md.
// External orchestrators depend on it: if a change here makes it fail, update
// the contract and call out the break in the release notes.

func TestSessionNameContractWorkedExample(t *testing.T) {
	got := SessionName("amux", "9f8e7d6c5b4a3210", "tab-1a2b3c4d-5")
	if want := "amux-9f8e7d6c5b4a3210-tab-1a2b3c4d-5"; got != want {
		t.Fatalf("SessionName worked example = %q, want %q", got, want)
	}
	if got, want := RunSessionName("9f8e7d6c5b4a3210", 1), "amux-ws-9f8e7d6c5b4a3210-run"; got != want {
		t.Fatalf("run session = %q, want %q", got, want)
	}
}

func TestSessionNameGrammar(t *testing.T) {
	cases := []struct {
		name  string
		parts []string
		want  string
	}{
		{"no parts", nil, "amux"},
		{"only empty parts", []string{"", "  ", "\t"}, "amux"},
		{"nothing survives sanitize", []string{"---", "!!!", "é"}, "amux"},
		{"empty parts dropped", []string{"amux", "", "ws", " ", "tab"}, "amux-ws-tab"},
		{"parts trimmed", []string{"  amux ", "\tws\n"}, "amux-ws"},
		{"lowercased", []string{"AMUX", "MyWorkspace"}, "amux-myworkspace"},
		{"underscore kept", []string{"amux", "a_b"}, "amux-a_b"},
		{"inner dash kept", []string{"amux", "a-b"}, "amux-a-b"},
		{"other bytes become dashes", []string{"amux", "a.b/c d"}, "amux-a-b-c-d"},
		{"edge dashes trimmed", []string{"amux", "--x--"}, "amux-x"},
		{"all-dash part dropped", []string{"amux", "----", "tab"}, "amux-tab"},
		{"unicode byte-wise", []string{"amux", "café"}, "amux-caf"},
		{"unicode inside", []string{"amux", "naïve"}, "amux-na--ve"},
		{"pipe cannot survive", []string{"amux", "victim|1"}, "amux-victim-1"},
		{"colon and dot", []string{"amux", "a:b.c"}, "amux-a-b-c"},
		{"inner space after trim", []string{" my feature "}, "my-feature"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := SessionName(c.parts...); got != c.want {
				t.Fatalf("SessionName(%q) = %q, want %q", c.parts, got, c.want)
			}
		})
	}
}

func TestRunSessionNames(t *testing.T) {
	id := "9f8e7d6c5b4a3210"
	for n, want := range map[int]string{
		0:  "amux-ws-" + id + "-run",
		1:  "amux-ws-" + id + "-run",
		2:  "amux-ws-" + id + "-run-2",
		3:  "amux-ws-" + id + "-run-3",
		10: "amux-ws-" + id + "-run-10",
	} {
		if got := RunSessionName(id, n); got != want {
			t.Errorf("RunSessionName(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestWorkspaceIDFromSessionName(t *testing.T) {
	cases := map[string]string{
		"amux-9f8e7d6c5b4a3210-tab-1a2b3c4d-5": "9f8e7d6c5b4a3210",
		"amux-9f8e7d6c5b4a3210-viewer":         "9f8e7d6c5b4a3210",
		"amux-9f8e7d6c5b4a3210":                "9f8e7d6c5b4a3210",
		// Pinned caveat: run sessions parse to "ws", not the ID.
		"amux-ws-9f8e7d6c5b4a3210-run":   "ws",
		"amux-ws-9f8e7d6c5b4a3210-run-2": "ws",
		// Pinned caveat: an ID with a dash is truncated to its first segment.
		"amux-my-id-tab-1": "my",
		"amux":             "",
		"other-1234":       "",
		"":                 "",
	}
	for name, want := range cases {
		if got := WorkspaceIDFromSessionName(name); got != want {
			t.Errorf("WorkspaceIDFromSessionName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestSessionNamesRoundTripWorkspaceID(t *testing.T) {
	id := "0123456789abcdef"
	name := SessionName("amux", id, "tab-deadbeef-z")
	if got := WorkspaceIDFromSessionName(name); got != id {
		t.Fatalf("round trip: %q -> %q", id, got)
	}
	if !IsAmuxName(name) || !IsAmuxName("amux") || IsAmuxName("amuxx") || IsAmuxName("xamux-1") {
		t.Fatal("IsAmuxName misclassifies")
	}
}

func TestTagKeysArePinned(t *testing.T) {
	pinned := map[string]string{
		TagManaged: "@amux", TagWorkspace: "@amux_workspace", TagTab: "@amux_tab",
		TagType: "@amux_type", TagAssistant: "@amux_assistant", TagCreatedAt: "@amux_created_at",
		TagInstance: "@amux_instance", TagSessionOwner: "@amux_session_owner",
		TagSessionLeaseMs: "@amux_session_lease_ms", TagOwnerHeartbeatMs: "@amux_owner_heartbeat_ms",
		TagLastOutputAt: "@amux_last_output_at", TagLastInputAt: "@amux_last_input_at",
		TagAgentState: "@amux_agent_state", TagWorkspaceName: "@amux_workspace_name",
		TagProject: "@amux_project", TagExitStatus: "@amux_exit_status",
		TagAgentReason:    "@amux_agent_reason",
		PaneReportedState: "@amux_reported_state", PaneReportedKind: "@amux_reported_kind",
		PaneReportedApp: "@amux_reported_app", PaneReportedMessage: "@amux_reported_message",
		PaneReportedAt: "@amux_reported_at",
	}
	for got, want := range pinned {
		if got != want {
			t.Errorf("tag key %q changed, contract says %q", got, want)
		}
	}
}
