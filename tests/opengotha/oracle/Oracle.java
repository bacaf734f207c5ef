// Asks OpenGotha 3.51.02 itself (its jar, headless) what it answers for a file:
// standings after every round, the pairing of a round, the h9 file.
// Build and run with tests/opengotha/oracle/run.sh; the answers are recorded
// as fixtures in tests/opengotha/oracle_answers/ so that the tests need no Java.
package info.vannier.gotha;

import java.io.File;
import java.util.ArrayList;
import java.util.Locale;

public class Oracle {
    static final int[] ALL = {1, 11, 12, 100, 400, 200, 300, 150, 250, 110, 111, 112, 120, 210, 211, 212,
                              220, 310, 130, 230, 501, 502};

    static String q(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 32) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    static void standings(Tournament t, StringBuilder out) throws Exception {
        TournamentParameterSet tps = t.getTournamentParameterSet();
        PlacementParameterSet pps = tps.getPlacementParameterSet();
        int n = tps.getGeneralParameterSet().getNumberOfRounds();
        out.append("{\"criteria\": [");
        int[] crit = pps.getPlaCriteria();
        for (int i = 0; i < crit.length; i++) out.append(i > 0 ? ", " : "").append(q(PlacementParameterSet.criterionLongName(crit[i])));
        out.append("], \"rounds\": [");
        for (int r = 0; r < n; r++) {
            ArrayList<ScoredPlayer> l = t.orderedScoredPlayersList(r, pps);
            String[] pos = ScoredPlayer.positionStrings(l, r, tps);
            // places as OpenGotha prints its standings: players without a game or bye left out
            ArrayList<ScoredPlayer> shown = new ArrayList<ScoredPlayer>();
            for (ScoredPlayer sp : l) if (t.isPlayerImplied(sp)) shown.add(sp);
            String[] shownPos = ScoredPlayer.positionStrings(shown, r, tps);
            java.util.HashMap<String, String> printed = new java.util.HashMap<String, String>();
            for (int i = 0; i < shown.size(); i++) printed.put(shown.get(i).getKeyString(), shownPos[i].trim());
            out.append(r > 0 ? ",\n" : "\n").append("[");
            for (int i = 0; i < l.size(); i++) {
                ScoredPlayer sp = l.get(i);
                out.append(i > 0 ? ",\n " : "").append("{\"key\": ").append(q(sp.getKeyString()))
                   .append(", \"place\": ").append(q(pos[i].trim()))
                   .append(", \"printed\": ").append(printed.containsKey(sp.getKeyString()) ? q(printed.get(sp.getKeyString())) : "null")
                   .append(", \"implied\": ").append(t.isPlayerImplied(sp))
                   .append(", \"dc\": ").append(sp.getCritValue(602, r))
                   .append(", \"sdc\": ").append(sp.getCritValue(601, r))
                   .append(", \"values\": {");
                for (int c = 0; c < ALL.length; c++) {
                    out.append(c > 0 ? ", " : "").append(q(PlacementParameterSet.criterionLongName(ALL[c])))
                       .append(": ").append(sp.getCritValue(ALL[c], r));
                }
                out.append("}}");
            }
            out.append("]");
        }
        out.append("]}\n");
    }

    static void pair(Tournament t, int round, StringBuilder out) throws Exception {
        int rn = round - 1;  // 0-based
        for (Game g : new ArrayList<Game>(t.gamesList())) {
            if (g.getRoundNumber() >= rn) t.removeGame(g);
        }
        for (int r = rn; r < 20; r++) t.unassignByePlayer(r);
        TournamentParameterSet tps = t.getTournamentParameterSet();
        long start = System.nanoTime();
        ArrayList<ScoredPlayer> ordered = t.orderedScoredPlayersList(rn - 1, tps.getPlacementParameterSet());
        ArrayList<Player> toPair = new ArrayList<Player>();
        for (ScoredPlayer sp : ordered) {
            Player p = t.getPlayerByKeyString(sp.getKeyString());
            if (p.getRegisteringStatus().compareTo("FIN") == 0 && p.getParticipating(rn)) toPair.add(p);
        }
        String bye = null;
        if (toPair.size() % 2 != 0) {
            t.chooseAByePlayer(toPair, rn);
            Player b = t.getByePlayer(rn);
            bye = b.getKeyString();
            Player rm = null;
            for (Player p : toPair) if (p.hasSameKeyString(b)) rm = p;
            toPair.remove(rm);
        }
        ArrayList<Game> games = t.makeAutomaticPairing(toPair, rn);
        long elapsed = System.nanoTime() - start;
        out.append("{\"round\": ").append(round).append(", \"seconds\": ").append(String.format(Locale.ROOT, "%.3f", elapsed / 1e9))
           .append(", \"bye\": ").append(bye == null ? "null" : q(bye)).append(", \"games\": [");
        for (int i = 0; i < games.size(); i++) {
            Game g = games.get(i);
            out.append(i > 0 ? ", " : "").append("[").append(q(g.getWhitePlayer().getKeyString())).append(", ")
               .append(q(g.getBlackPlayer().getKeyString())).append(", ").append(g.getHandicap()).append("]");
        }
        out.append("]}\n");
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        Tournament t = (Tournament) Gotha.getTournamentFromFile(new File(args[1]));
        StringBuilder out = new StringBuilder();
        if (mode.equals("standings")) standings(t, out);
        else if (mode.equals("pair")) pair(t, Integer.parseInt(args[2]), out);
        else if (mode.equals("h9")) ExternalDocument.generateH9File(t, new File(args[2]), false);
        else if (mode.equals("save")) ExternalDocument.generateXMLFile(t, new File(args[2]));
        else if (mode.equals("players")) {
            for (Player p : t.playersList()) out.append(p.getKeyString()).append("\t").append(p.getRank()).append("\n");
            out.append("games ").append(t.gamesList().size()).append("\n");
            int nb = 0;
            for (Player b : t.getByePlayers()) if (b != null) nb++;
            out.append("byes ").append(nb).append("\n");
        }
        System.out.print(out);
        System.out.flush();
        System.exit(0);
    }
}
