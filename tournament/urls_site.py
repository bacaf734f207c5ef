"""URLs of the organizer, player and referee workflows."""

from django.contrib.auth import views as auth_views
from django.urls import path

from .views import audit, auth, claims, games, live, organizer, player, players, projector, referee, rounds

urlpatterns = [
    # accounts: log-in (throttled by django-axes, see the settings), sign-up, password reset by e-mail
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/signup/", auth.SignUpView.as_view(), name="signup"),
    path("accounts/password/reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/password/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/complete/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    # players
    path("t/<slug:slug>/register/", player.register, name="register"),
    path("claim/", claims.claim_start, name="claim"),
    path("claim/<str:code>/", claims.claim, name="claim_code"),
    path("me/", claims.my_tournaments, name="my_tournaments"),
    path("t/<slug:slug>/me/", player.my_tournament, name="my_tournament"),
    path("t/<slug:slug>/me/rounds/", player.my_rounds, name="my_rounds"),
    path("t/<slug:slug>/me/withdraw/", player.my_withdraw, name="my_withdraw"),
    # one game: players, referees, organizers
    path("t/<slug:slug>/game/<int:pk>/", games.game_detail, name="game"),
    path("t/<slug:slug>/game/<int:pk>/board/", games.game_board, name="game_board"),
    path("t/<slug:slug>/game/<int:pk>/report/", games.game_report, name="game_report"),
    path("t/<slug:slug>/game/<int:pk>/confirm/", games.game_confirm, name="game_confirm"),
    path("t/<slug:slug>/game/<int:pk>/dispute/", games.game_dispute, name="game_dispute"),
    path("t/<slug:slug>/game/<int:pk>/adjudicate/", games.game_adjudicate, name="game_adjudicate"),
    # the live board: recorded on the phones as it is played, followed by everybody
    path("t/<slug:slug>/game/<int:pk>/live/", live.live_board, name="live_board"),
    path("t/<slug:slug>/game/<int:pk>/live/state/", live.live_state, name="live_state"),
    path("t/<slug:slug>/game/<int:pk>/live/move/", live.live_move, name="live_move"),
    path("t/<slug:slug>/game/<int:pk>/live/undo/", live.live_undo, name="live_undo"),
    path("t/<slug:slug>/game/<int:pk>/live/end/", live.live_end, name="live_end"),
    path("t/<slug:slug>/game/<int:pk>/live/takeover/", live.live_takeover, name="live_takeover"),
    path("t/<slug:slug>/game/<int:pk>/live/scorer/", live.live_scorer, name="live_scorer"),
    # referees
    path("t/<slug:slug>/referee/", referee.queue, name="referee_queue"),
    path("t/<slug:slug>/referee/live/", live.referee_live, name="referee_live"),
    # organizers
    path("t/<slug:slug>/manage/", organizer.dashboard, name="manage"),
    path("t/<slug:slug>/manage/players/", players.registrations, name="manage_registrations"),
    path("t/<slug:slug>/manage/players/add/", players.player_add, name="manage_player_add"),
    path("t/<slug:slug>/manage/players/import/", players.players_import, name="manage_players_import"),
    path("t/<slug:slug>/manage/players/welcome.pdf", players.welcome_slips, name="manage_welcome_slips"),
    path("t/<slug:slug>/manage/players/invite/", players.invitations, name="manage_invitations"),
    path("t/<slug:slug>/manage/players/<int:pk>/", players.registration_edit, name="manage_registration"),
    path(
        "t/<slug:slug>/manage/players/<int:pk>/status/",
        players.registration_status,
        name="manage_registration_status",
    ),
    path(
        "t/<slug:slug>/manage/players/<int:pk>/account/",
        players.registration_account,
        name="manage_registration_account",
    ),
    path("t/<slug:slug>/manage/players/<int:pk>/merge/", players.registration_merge, name="manage_registration_merge"),
    path(
        "t/<slug:slug>/manage/players/<int:pk>/delete/", players.registration_delete, name="manage_registration_delete"
    ),
    path("t/<slug:slug>/manage/results/", organizer.results_grid, name="manage_results"),
    path("t/<slug:slug>/manage/results/<int:pk>/", organizer.result_edit, name="manage_result"),
    path("t/<slug:slug>/manage/rounds/", rounds.rounds, name="manage_rounds"),
    path("t/<slug:slug>/manage/rounds/<int:number>/", rounds.round_manage, name="manage_round"),
    path("t/<slug:slug>/manage/rounds/<int:number>/swap/", rounds.round_swap, name="manage_round_swap"),
    path("t/<slug:slug>/manage/rounds/<int:number>/table/", rounds.round_move_table, name="manage_round_move"),
    path(
        "t/<slug:slug>/manage/rounds/<int:number>/game/unpair/",
        rounds.round_unpair_game,
        name="manage_round_unpair_game",
    ),
    path(
        "t/<slug:slug>/manage/rounds/<int:number>/game/pair/",
        rounds.round_pair_by_hand,
        name="manage_round_pair_by_hand",
    ),
    path("t/<slug:slug>/manage/rounds/<int:number>/bye/", rounds.round_bye, name="manage_round_bye"),
    path(
        "t/<slug:slug>/manage/rounds/<int:number>/constraint/remove/",
        rounds.round_constraint_remove,
        name="manage_round_constraint_remove",
    ),
    path(
        "t/<slug:slug>/manage/rounds/<int:number>/constraint/<str:kind>/",
        rounds.round_constraint,
        name="manage_round_constraint",
    ),
    path(
        "t/<slug:slug>/manage/rounds/<int:number>/<str:action>/",
        rounds.round_action,
        name="manage_round_action",
    ),
    # the audit log: organizers and referees read it; nobody edits it
    path("t/<slug:slug>/manage/log/", audit.audit_log, name="audit_log"),
    # everyone
    path("t/<slug:slug>/projector/", projector.projector, name="projector"),
    path("t/<slug:slug>/projector/live/", live.projector_live, name="projector_live"),
]
