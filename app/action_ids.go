package app

import (
	"strconv"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/app/review"
	"amux.dev/amux/ui/keys"
)

// The action IDs of amux's own table, exported so a story outside the
// package (e2e) presses an action by a name the compiler checks, never a
// string that a rename would leave behind. The components' IDs are
// exported by their packages (ui/keys, ui/changes, ui/diffview, …).
const (
	// ActPalette is the "palette" action.
	ActPalette = actPalette
	// ActHelp is the "help" action.
	ActHelp = actHelp
	// ActQuit is the "quit" action.
	ActQuit = actQuit
	// ActFocusList is the "focus-list" action.
	ActFocusList = actFocusList
	// ActFocusTabArea is the "focus-tab-area" action.
	ActFocusTabArea = actFocusTabArea
	// ActEnterProgram is the "enter-program" action.
	ActEnterProgram = actEnterProgram
	// ActForwardPorts is the "forward-ports" action.
	ActForwardPorts = actForwardPorts
	// ActNewAgent is the "new-agent-tab" action.
	ActNewAgent = actNewAgent
	// ActNewTerminal is the "new-terminal-tab" action.
	ActNewTerminal = actNewTerminal
	// ActNextTab is the "next-tab" action.
	ActNextTab = actNextTab
	// ActTermNextTab is the "terminal-next-tab" action.
	ActTermNextTab = actTermNextTab
	// ActPrevTab is the "prev-tab" action.
	ActPrevTab = actPrevTab
	// ActCloseTab is the "close-tab" action.
	ActCloseTab = actCloseTab
	// ActRenameTab is the "rename-tab" action.
	ActRenameTab = actRenameTab
	// ActRestartTab is the "restart-tab" action.
	ActRestartTab = actRestartTab
	// ActInterruptTab is the "interrupt-tab" action.
	ActInterruptTab = actInterruptTab
	// ActStatus is the "workspace-status" action.
	ActStatus = actStatus
	// ActRestore is the "restore-workspace" action.
	ActRestore = lifecycle.ActRestore
	// ActRunScript is the "run-script" action.
	ActRunScript = actRunScript
	// ActScriptOutput is the "script-output" action.
	ActScriptOutput = actScriptOutput
	// ActAttention is the "next-attention" action.
	ActAttention = actAttention
	// ActScrollUp is the "scroll-up" action.
	ActScrollUp = actScrollUp
	// ActScrollDown is the "scroll-down" action.
	ActScrollDown = actScrollDown
	// ActSettings is the "settings" action.
	ActSettings = actSettings
	// ActHooksAdd is the "install-claude-hooks" action.
	ActHooksAdd = actHooksAdd
	// ActHooksRemove is the "remove-claude-hooks" action.
	ActHooksRemove = actHooksRemove
	// ActNotifyAdd is the "install-codex-notify" action.
	ActNotifyAdd = actNotifyAdd
	// ActNotifyRemove is the "remove-codex-notify" action.
	ActNotifyRemove = actNotifyRemove
	// ActGeminiAdd is the "install-gemini-hooks" action.
	ActGeminiAdd = actGeminiAdd
	// ActGeminiRemove is the "remove-gemini-hooks" action.
	ActGeminiRemove = actGeminiRemove
	// ActOpencodeAdd is the "install-opencode-plugin" action.
	ActOpencodeAdd = actOpencodeAdd
	// ActOpencodeRemove is the "remove-opencode-plugin" action.
	ActOpencodeRemove = actOpencodeRemove
	// ActDown is the "cursor-down" action.
	ActDown = actDown
	// ActUp is the "cursor-up" action.
	ActUp = actUp
	// ActTop is the "cursor-top" action.
	ActTop = actTop
	// ActBottom is the "cursor-bottom" action.
	ActBottom = actBottom
	// ActOpen is the "open" action.
	ActOpen = actOpen
	// ActFilter is the "filter" action.
	ActFilter = actFilter
	// ActAddProject is the "add-project" action.
	ActAddProject = actAddProject
	// ActNewWorkspace is the "new-workspace" action.
	ActNewWorkspace = actNewWorkspace
	// ActDelete is the "delete-workspace" action.
	ActDelete = actDelete
	// ActShelve is the "shelve-workspace" action.
	ActShelve = actShelve
	// ActRefresh is the "refresh" action.
	ActRefresh = actRefresh
	// ActEditEnv is the "edit-project-env" action.
	ActEditEnv = actEditEnv
	// ActEditScripts is the "edit-project-scripts" action.
	ActEditScripts = actEditScripts
	// ActInstall is the "install-amux-binary" action.
	ActInstall = actInstall
	// ActOpenLog is the "open-log" action.
	ActOpenLog = actOpenLog
	// ActSuspend is the "suspend" action.
	ActSuspend = actSuspend
	// ActApproveScripts is the "approve-scripts" action.
	ActApproveScripts = actApproveScripts
	// ActRevokeApprovals is the "revoke-approvals" action.
	ActRevokeApprovals = actRevokeApprovals
	// ActReleaseOrphans is the "release-orphans" action.
	ActReleaseOrphans = actReleaseOrphans
	// ActRefreshStatus is the "refresh-status" action.
	ActRefreshStatus = actRefreshStatus
	// ActCloseStatus is the "close-status" action.
	ActCloseStatus = actCloseStatus
	// ActCloseHelp is the "close-help" action.
	ActCloseHelp = dialogs.ActCloseHelp
	// ActNextOutput is the "next-script-output" action.
	ActNextOutput = dialogs.ActNextOutput
	// ActPrevOutput is the "prev-script-output" action.
	ActPrevOutput = dialogs.ActPrevOutput
	// ActReloadOutput is the "reload-script-output" action.
	ActReloadOutput = dialogs.ActReloadOutput
	// ActCloseOutput is the "close-script-output" action.
	ActCloseOutput = dialogs.ActCloseOutput
	// ActHealth is the "health" action.
	ActHealth = actHealth
	// ActTimeline is the "timeline" action.
	ActTimeline = actTimeline
	// ActResumeTab is the "resume-tab" action.
	ActResumeTab = actResumeTab
	// ActCloseHealth is the "close-health" action.
	ActCloseHealth = actCloseHealth
	// ActRefreshHealth is the "refresh-health" action.
	ActRefreshHealth = actRefreshHealth
	// ActRepairTaps is the "repair-taps" action.
	ActRepairTaps = actRepairTaps
	// ActCloseTimeline is the "close-timeline" action.
	ActCloseTimeline = actCloseTimeline
	// ActRefreshTimeline is the "refresh-timeline" action.
	ActRefreshTimeline = actRefreshTimeline
	// ActRemoveProject is the "remove-project" action.
	ActRemoveProject = actRemoveProject
	// ActRenameWorkspace is the "rename-workspace" action.
	ActRenameWorkspace = actRenameWorkspace
	// ActMainWorkspace is the "main-checkout-workspace" action.
	ActMainWorkspace = actMainWorkspace
	// ActCloseMain is the "close-main-workspace" action.
	ActCloseMain = actCloseMain
	// ActToggleList is the "toggle-list" action.
	ActToggleList = actToggleList
	// ActListWider is the "list-wider" action.
	ActListWider = actListWider
	// ActListNarrower is the "list-narrower" action.
	ActListNarrower = actListNarrower
	// ActZoom is the "zoom-tab" action.
	ActZoom = actZoom
	// ActToggleSidebar is the "toggle-sidebar" action.
	ActToggleSidebar = actToggleSidebar
	// ActFocusSidebar is the "focus-sidebar" action.
	ActFocusSidebar = actFocusSidebar
	// ActSideToTabArea is the "sidebar-focus-tabs" action.
	ActSideToTabArea = actSideToTabArea
	// ActSideToList is the "sidebar-focus-list" action.
	ActSideToList = actSideToList
	// ActSideEnter is the "sidebar-enter-terminal" action.
	ActSideEnter = actSideEnter
	// ActSideNextTab is the "sidebar-next-tab" action.
	ActSideNextTab = actSideNextTab
	// ActSidePrevTab is the "sidebar-prev-tab" action.
	ActSidePrevTab = actSidePrevTab
	// ActSideWider is the "sidebar-wider" action.
	ActSideWider = actSideWider
	// ActSideNarrower is the "sidebar-narrower" action.
	ActSideNarrower = actSideNarrower
	// ActShowDiff is the "show-diff" action.
	ActShowDiff = actShowDiff
	// ActCommit is the "commit" action.
	ActCommit = actCommit
	// ActMerge is the "merge-into-base" action.
	ActMerge = actMerge
	// ActAbortLanding is the "abort-merge" action.
	ActAbortLanding = review.ActAbortLanding
	// ActFinishLanding is the "finish-merge" action.
	ActFinishLanding = review.ActFinishLanding
)

// ActTab is the action that shows tab n (1–9) of the workspace.
func ActTab(n int) keys.ActionID { return keys.ActionID("tab-" + strconv.Itoa(n)) }
