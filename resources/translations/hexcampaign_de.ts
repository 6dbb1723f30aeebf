<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>About</name>
    <message>
        <source>&lt;p&gt;&lt;b&gt;hexcampaign %1&lt;/b&gt;&lt;/p&gt;
&lt;p&gt;A hex map editor, the 1972 wargame Kasserine Pass played hot-seat with every rule
enforced, and an umpire&apos;s desk for Combat Mission operational campaigns.&lt;/p&gt;
&lt;p&gt;hexcampaign is free software under the GNU General Public License v3 or later.&lt;/p&gt;
&lt;p&gt;It is built with &lt;b&gt;Qt 6&lt;/b&gt; and &lt;b&gt;PySide6&lt;/b&gt; (Qt for Python), used under the
GNU Lesser General Public License v3: you may replace the Qt and PySide6 libraries this
program uses with your own builds; their source is at qt.io and download.qt.io.
Also used: shapely (BSD 3-clause), pydantic (MIT), platformdirs (MIT).&lt;/p&gt;
&lt;p&gt;Kasserine Pass (Conflict Games, 1972) was designed by John Hill; its rules are shown
for reference in Help &amp;gt; Rules.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;hexcampaign %1&lt;/b&gt;&lt;/p&gt;
&lt;p&gt;Ein Editor für Hexkarten, das Konfliktsimulationsspiel Kasserine Pass von 1972 im
Hot-Seat-Modus mit allen Regeln, und ein Schiedsrichterpult für operative Feldzüge in
Combat Mission.&lt;/p&gt;
&lt;p&gt;hexcampaign ist freie Software unter der GNU General Public License v3 oder später.&lt;/p&gt;
&lt;p&gt;Es ist mit &lt;b&gt;Qt 6&lt;/b&gt; und &lt;b&gt;PySide6&lt;/b&gt; (Qt für Python) gebaut, genutzt unter der
GNU Lesser General Public License v3: Sie dürfen die Qt- und PySide6-Bibliotheken dieses
Programms durch eigene Builds ersetzen; ihr Quelltext liegt auf qt.io und download.qt.io.
Außerdem genutzt: shapely (BSD 3-clause), pydantic (MIT), platformdirs (MIT).&lt;/p&gt;
&lt;p&gt;Kasserine Pass (Conflict Games, 1972) wurde von John Hill entworfen; seine Regeln stehen
zum Nachschlagen unter Hilfe &amp;gt; Regeln.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About hexcampaign</source>
        <translation>Über hexcampaign</translation>
    </message>
</context>
<context>
    <name>DeskMenus</name>
    <message>
        <source>&amp;New campaign…</source>
        <translation>&amp;Neuer Feldzug…</translation>
    </message>
    <message>
        <source>&amp;Open campaign…</source>
        <translation>Feldzug ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open an &amp;autosaved campaign…</source>
        <translation>&amp;Automatisch gesicherten Feldzug öffnen…</translation>
    </message>
    <message>
        <source>&amp;Save campaign</source>
        <translation>Feldzug &amp;speichern</translation>
    </message>
    <message>
        <source>Save campaign &amp;as…</source>
        <translation>Feldzug speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Next phase</source>
        <translation>Nächste &amp;Phase</translation>
    </message>
    <message>
        <source>&amp;Back (within the phase)</source>
        <translation>&amp;Zurück (innerhalb der Phase)</translation>
    </message>
    <message>
        <source>&amp;Undo (back within the phase)</source>
        <translation>&amp;Rückgängig (zurück innerhalb der Phase)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>Show &amp;zones of control</source>
        <translation>&amp;Kontrollzonen zeigen</translation>
    </message>
    <message>
        <source>Show supply &amp;ranges</source>
        <translation>Versorgungs&amp;reichweiten zeigen</translation>
    </message>
    <message>
        <source>Set-&amp;up sheet…</source>
        <translation>Aufstellungs&amp;blatt…</translation>
    </message>
    <message>
        <source>Export &amp;turn report…</source>
        <translation>Zugbericht e&amp;xportieren…</translation>
    </message>
    <message>
        <source>&amp;Ledger and summary</source>
        <translation>&amp;Hauptbuch und Übersicht</translation>
    </message>
    <message>
        <source>The campaign&apos;s &amp;end…</source>
        <translation>Das &amp;Ende des Feldzugs…</translation>
    </message>
    <message>
        <source>Export turn &amp;packages…</source>
        <translation>Zugpakete expor&amp;tieren…</translation>
    </message>
    <message>
        <source>&amp;Import orders…</source>
        <translation>Befehle &amp;importieren…</translation>
    </message>
    <message>
        <source>&amp;Write orders…</source>
        <translation>Befehle &amp;verfassen…</translation>
    </message>
    <message>
        <source>&amp;Print report…</source>
        <translation>Bericht &amp;drucken…</translation>
    </message>
    <message>
        <source>&amp;Amend result…</source>
        <translation>Ergebnis &amp;berichtigen…</translation>
    </message>
    <message>
        <source>&amp;Restore unit…</source>
        <translation>Einheit &amp;wiederherstellen…</translation>
    </message>
    <message>
        <source>&amp;Move formation…</source>
        <translation>Formation &amp;verlegen…</translation>
    </message>
    <message>
        <source>Set &amp;strength…</source>
        <translation>&amp;Stärke setzen…</translation>
    </message>
    <message>
        <source>Set &amp;experience…</source>
        <translation>&amp;Erfahrung setzen…</translation>
    </message>
    <message>
        <source>Set &amp;weather…</source>
        <translation>We&amp;tter setzen…</translation>
    </message>
    <message>
        <source>Adjust &amp;PP…</source>
        <translation>&amp;PP anpassen…</translation>
    </message>
    <message>
        <source>The set-up sheet of battle %1</source>
        <translation>Das Aufstellungsblatt der Schlacht %1</translation>
    </message>
    <message>
        <source>No battle yet: a set-up sheet is made for each attack order given.</source>
        <translation>Noch keine Schlacht: Für jeden erteilten Angriffsbefehl entsteht ein Aufstellungsblatt.</translation>
    </message>
    <message>
        <source>A campaign autosaved by a session that ended unexpectedly is waiting: Campaign &gt; Open an autosaved campaign… (%1).</source>
        <translation>Ein Feldzug, den eine unerwartet beendete Sitzung automatisch gesichert hat, wartet: Feldzug &gt; Automatisch gesicherten Feldzug öffnen… (%1).</translation>
    </message>
</context>
<context>
    <name>EditorMenus</name>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Copy hexes</source>
        <translation>Hexfelder &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste hexes</source>
        <translation>Hexfelder &amp;einfügen</translation>
    </message>
    <message>
        <source>Paste &amp;special…</source>
        <translation>Einfügen &amp;spezial…</translation>
    </message>
    <message>
        <source>Paste only some layers (terrain only, roads only…), or map the terrains of hexes copied from another palette.</source>
        <translation>Nur einige Ebenen einfügen (nur Gelände, nur Straßen …) oder die Geländearten von Hexfeldern aus einer anderen Palette zuordnen.</translation>
    </message>
    <message>
        <source>&amp;Find hex note…</source>
        <translation>Hex-&amp;Notiz suchen…</translation>
    </message>
    <message>
        <source>List the hexes whose note or properties hold a text; a pick centres the map.</source>
        <translation>Listet die Hexfelder, deren Notiz oder Eigenschaften einen Text enthalten; eine Auswahl zentriert die Karte.</translation>
    </message>
    <message>
        <source>&amp;Delete place</source>
        <translation>&amp;Ort löschen</translation>
    </message>
    <message>
        <source>Map &amp;properties…</source>
        <translation>Karten&amp;eigenschaften…</translation>
    </message>
    <message>
        <source>&amp;Palette…</source>
        <translation>&amp;Palette…</translation>
    </message>
    <message>
        <source>&amp;Resize…</source>
        <translation>&amp;Größe ändern…</translation>
    </message>
    <message>
        <source>&amp;Underlay image…</source>
        <translation>&amp;Unterlagebild…</translation>
    </message>
    <message>
        <source>Show a scanned map under the hexes and fit it by naming hexes on it, to trace it.</source>
        <translation>Eine gescannte Karte unter den Hexfeldern zeigen und einpassen, indem Hexfelder auf ihr benannt werden, um sie abzuzeichnen.</translation>
    </message>
    <message>
        <source>&amp;Validate</source>
        <translation>Prü&amp;fen</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>E&amp;xportieren…</translation>
    </message>
    <message>
        <source>Export &amp;VASSAL module…</source>
        <translation>&amp;VASSAL-Modul exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;Tiled map…</source>
        <translation>&amp;Tiled-Karte exportieren…</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>&amp;Drucken…</translation>
    </message>
    <message>
        <source>Print pre&amp;view…</source>
        <translation>Druckvorsc&amp;hau…</translation>
    </message>
    <message>
        <source>Import &amp;geography…</source>
        <translation>&amp;Geografie importieren…</translation>
    </message>
    <message>
        <source>Cancel the stroke</source>
        <translation>Strich abbrechen</translation>
    </message>
    <message>
        <source>S&amp;maller brush</source>
        <translation>Pinsel &amp;kleiner</translation>
    </message>
    <message>
        <source>&amp;Larger brush</source>
        <translation>Pinsel &amp;größer</translation>
    </message>
    <message>
        <source>Soft &amp;edges between terrains</source>
        <translation>&amp;Weiche Übergänge zwischen Geländearten</translation>
    </message>
    <message>
        <source>Each terrain fades into its neighbours&apos; colour along their shared sides, on the canvas and in exports.</source>
        <translation>Jede Geländeart geht an gemeinsamen Seiten in die Farbe ihrer Nachbarn über, auf der Arbeitsfläche und in Exporten.</translation>
    </message>
    <message>
        <source>Autosave &amp;interval…</source>
        <translation>&amp;Autospeicher-Intervall…</translation>
    </message>
    <message>
        <source>Editor &amp;panels</source>
        <translation>Editor-&amp;Leisten</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Rückgängig: %1</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Wiederherstellen: %1</translation>
    </message>
</context>
<context>
    <name>FileFilters</name>
    <message>
        <source>Everything hexcampaign opens</source>
        <translation>Alles, was hexcampaign öffnet</translation>
    </message>
    <message>
        <source>Hex maps</source>
        <translation>Hexkarten</translation>
    </message>
    <message>
        <source>Kasserine Pass games</source>
        <translation>Kasserine-Pass-Spiele</translation>
    </message>
    <message>
        <source>Kasserine Pass turn files</source>
        <translation>Kasserine-Pass-Zugdateien</translation>
    </message>
    <message>
        <source>CM campaigns</source>
        <translation>CM-Feldzüge</translation>
    </message>
    <message>
        <source>Turn packages</source>
        <translation>Zugpakete</translation>
    </message>
    <message>
        <source>Orders files</source>
        <translation>Befehlsdateien</translation>
    </message>
    <message>
        <source>PNG picture</source>
        <translation>PNG-Bild</translation>
    </message>
    <message>
        <source>SVG drawing</source>
        <translation>SVG-Zeichnung</translation>
    </message>
    <message>
        <source>Geography</source>
        <translation>Geografie</translation>
    </message>
    <message>
        <source>Unit charts</source>
        <translation>Einheitentabellen</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>Alle Dateien</translation>
    </message>
</context>
<context>
    <name>Files</name>
    <message>
        <source>Save the map as</source>
        <translation>Karte speichern unter</translation>
    </message>
    <message>
        <source>Save the game as</source>
        <translation>Spiel speichern unter</translation>
    </message>
    <message>
        <source>Save the campaign as</source>
        <translation>Feldzug speichern unter</translation>
    </message>
    <message>
        <source>Save the orders as</source>
        <translation>Befehle speichern unter</translation>
    </message>
    <message>
        <source>Could not save the map</source>
        <translation>Die Karte konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Could not save the game</source>
        <translation>Das Spiel konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Could not save the campaign</source>
        <translation>Der Feldzug konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Could not save the orders</source>
        <translation>Die Befehle konnten nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Unsaved map</source>
        <translation>Ungespeicherte Karte</translation>
    </message>
    <message>
        <source>Unsaved game</source>
        <translation>Ungespeichertes Spiel</translation>
    </message>
    <message>
        <source>Unsaved campaign</source>
        <translation>Ungespeicherter Feldzug</translation>
    </message>
    <message>
        <source>Unsaved orders</source>
        <translation>Ungespeicherte Befehle</translation>
    </message>
    <message>
        <source>Could not open the map</source>
        <translation>Die Karte konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Could not open the game</source>
        <translation>Das Spiel konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Could not open the campaign</source>
        <translation>Der Feldzug konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Could not open the turn file</source>
        <translation>Die Zugdatei konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Could not open the file</source>
        <translation>Die Datei konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>%1 has changes that are not saved. Save them first?</source>
        <translation>%1 hat ungespeicherte Änderungen. Zuerst speichern?</translation>
    </message>
    <message>
        <source>Restored the unsaved work of %1.</source>
        <translation>Die ungespeicherte Arbeit an %1 wurde wiederhergestellt.</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
</context>
<context>
    <name>GameMenu</name>
    <message>
        <source>&amp;Pause the computer</source>
        <translation>C&amp;omputer anhalten</translation>
    </message>
    <message>
        <source>&amp;Resume the computer</source>
        <translation>C&amp;omputer fortsetzen</translation>
    </message>
    <message>
        <source>The computer is paused: Game &gt; Resume the computer goes on.</source>
        <translation>Der Computer ist angehalten: Spiel &gt; Computer fortsetzen macht weiter.</translation>
    </message>
    <message>
        <source>The computer goes on.</source>
        <translation>Der Computer macht weiter.</translation>
    </message>
    <message>
        <source>&amp;Players…</source>
        <translation>Spie&amp;ler…</translation>
    </message>
    <message>
        <source>Computer &amp;pace</source>
        <translation>Computer-&amp;Tempo</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>Tipp &amp;geben</translation>
    </message>
    <message>
        <source>&amp;New Kasserine Pass game…</source>
        <translation>&amp;Neues Kasserine-Pass-Spiel…</translation>
    </message>
    <message>
        <source>&amp;Open game…</source>
        <translation>Spiel ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open an &amp;autosaved game…</source>
        <translation>&amp;Automatisch gesichertes Spiel öffnen…</translation>
    </message>
    <message>
        <source>New game by &amp;e-mail…</source>
        <translation>Neues Spiel per &amp;E-Mail…</translation>
    </message>
    <message>
        <source>Send &amp;turn…</source>
        <translation>&amp;Zug senden…</translation>
    </message>
    <message>
        <source>&amp;Save game</source>
        <translation>Spiel &amp;speichern</translation>
    </message>
    <message>
        <source>Save game &amp;as…</source>
        <translation>Spiel speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Undo the last action</source>
        <translation>Letzte Aktion zu&amp;rücknehmen</translation>
    </message>
    <message>
        <source>&amp;Redo the undone action</source>
        <translation>Zurückgenommene Aktion &amp;wiederholen</translation>
    </message>
    <message>
        <source>&amp;End phase</source>
        <translation>&amp;Phase beenden</translation>
    </message>
    <message>
        <source>C&amp;lear the selection</source>
        <translation>Auswahl auf&amp;heben</translation>
    </message>
    <message>
        <source>E&amp;xport the log…</source>
        <translation>Protokoll e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Game &amp;information…</source>
        <translation>Spiel&amp;informationen…</translation>
    </message>
    <message>
        <source>&amp;Replay viewer…</source>
        <translation>&amp;Wiederholung ansehen…</translation>
    </message>
    <message>
        <source>Replay a sa&amp;ved game…</source>
        <translation>Gespeichertes Spiel wie&amp;dergeben…</translation>
    </message>
    <message>
        <source>&amp;Close the game</source>
        <translation>Spiel s&amp;chließen</translation>
    </message>
    <message>
        <source>as fast as it can</source>
        <translation>so schnell wie möglich</translation>
    </message>
    <message>
        <source>fast</source>
        <translation>schnell</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>normal</translation>
    </message>
    <message>
        <source>slow</source>
        <translation>langsam</translation>
    </message>
    <message>
        <source>A game autosaved by a session that ended unexpectedly is waiting: Game &gt; Open an autosaved game… (%1).</source>
        <translation>Ein Spiel, das eine unerwartet beendete Sitzung automatisch gesichert hat, wartet: Spiel &gt; Automatisch gesichertes Spiel öffnen… (%1).</translation>
    </message>
    <message>
        <source>Kasserine Pass: Game &gt; New Kasserine Pass game… or Open game….</source>
        <translation>Kasserine Pass: Spiel &gt; Neues Kasserine-Pass-Spiel… oder Spiel öffnen….</translation>
    </message>
</context>
<context>
    <name>MenuBar</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Mode</source>
        <translation>&amp;Modus</translation>
    </message>
    <message>
        <source>&amp;Map</source>
        <translation>&amp;Karte</translation>
    </message>
    <message>
        <source>&amp;Layers</source>
        <translation>&amp;Ebenen</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Spiel</translation>
    </message>
    <message>
        <source>&amp;Campaign</source>
        <translation>&amp;Feldzug</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Umpire</source>
        <translation>Schiedsrichte&amp;r</translation>
    </message>
    <message>
        <source>&amp;Grid</source>
        <translation>&amp;Gitter</translation>
    </message>
    <message>
        <source>&amp;Coordinates</source>
        <translation>&amp;Koordinaten</translation>
    </message>
    <message>
        <source>&amp;Terrain</source>
        <translation>Gelän&amp;de</translation>
    </message>
    <message>
        <source>&amp;Elevation shading</source>
        <translation>&amp;Höhenschattierung</translation>
    </message>
    <message>
        <source>C&amp;ontours</source>
        <translation>Höhenlin&amp;ien</translation>
    </message>
    <message>
        <source>&amp;Rivers</source>
        <translation>&amp;Flüsse</translation>
    </message>
    <message>
        <source>R&amp;oads and bridges</source>
        <translation>&amp;Straßen und Brücken</translation>
    </message>
    <message>
        <source>C&amp;liffs</source>
        <translation>K&amp;lippen</translation>
    </message>
    <message>
        <source>&amp;Places</source>
        <translation>&amp;Orte</translation>
    </message>
    <message>
        <source>&amp;Labels</source>
        <translation>&amp;Beschriftungen</translation>
    </message>
    <message>
        <source>&amp;Underlay picture</source>
        <translation>&amp;Unterlagebild</translation>
    </message>
    <message>
        <source>Hex-&amp;note marks</source>
        <translation>Hex-&amp;Notizmarken</translation>
    </message>
    <message>
        <source>&amp;New map…</source>
        <translation>&amp;Neue Karte…</translation>
    </message>
    <message>
        <source>New Kasserine game by &amp;e-mail…</source>
        <translation>Neues Kasserine-Spiel per &amp;E-Mail…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>S&amp;chließen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit map to window</source>
        <translation>Karte ins &amp;Fenster einpassen</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>Layout &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>&amp;Benutzerhandbuch</translation>
    </message>
    <message>
        <source>&amp;Rules</source>
        <translation>&amp;Regeln</translation>
    </message>
    <message>
        <source>Rules &amp;interpretations</source>
        <translation>Regel&amp;auslegungen</translation>
    </message>
    <message>
        <source>Open an &amp;example…</source>
        <translation>Beispiel ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;About hexcampaign</source>
        <translation>&amp;Über hexcampaign</translation>
    </message>
    <message>
        <source>Map &amp;editor</source>
        <translation>Karten&amp;editor</translation>
    </message>
    <message>
        <source>&amp;Kasserine Pass (hot-seat game)</source>
        <translation>&amp;Kasserine Pass (Hot-Seat-Spiel)</translation>
    </message>
    <message>
        <source>&amp;CM campaign (umpire&apos;s desk)</source>
        <translation>&amp;CM-Feldzug (Schiedsrichterpult)</translation>
    </message>
    <message>
        <source>&amp;Clear the list</source>
        <translation>Liste &amp;leeren</translation>
    </message>
</context>
<context>
    <name>NewCampaignDialog</name>
    <message>
        <source>New CM campaign</source>
        <translation>Neuer CM-Feldzug</translation>
    </message>
    <message>
        <source>1. Map and sides</source>
        <translation>1. Karte und Seiten</translation>
    </message>
    <message>
        <source>2. Starting formations</source>
        <translation>2. Anfangsverbände</translation>
    </message>
    <message>
        <source>3. Options and seed</source>
        <translation>3. Optionen und Startwert</translation>
    </message>
    <message>
        <source>Start the campaign</source>
        <translation>Feldzug beginnen</translation>
    </message>
    <message>
        <source>The sample CM map</source>
        <translation>Die CM-Beispielkarte</translation>
    </message>
    <message>
        <source>Another map…</source>
        <translation>Eine andere Karte…</translation>
    </message>
    <message>
        <source>Map:</source>
        <translation>Karte:</translation>
    </message>
    <message>
        <source>The campaign&apos;s map</source>
        <translation>Die Karte des Feldzugs</translation>
    </message>
    <message>
        <source>Side %1 (plays first)</source>
        <translation>Seite %1 (beginnt)</translation>
    </message>
    <message>
        <source>Side %1</source>
        <translation>Seite %1</translation>
    </message>
    <message>
        <source>Shipped %1 chart</source>
        <translation>Mitgelieferte Tabelle %1</translation>
    </message>
    <message>
        <source>Load a chart file…</source>
        <translation>Tabellendatei laden…</translation>
    </message>
    <message>
        <source>Starting PP on top of the first turn&apos;s income (an umpire grant, logged)</source>
        <translation>Anfangs-PP zusätzlich zum Einkommen des ersten Zuges (eine Zuteilung des Schiedsrichters, protokolliert)</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Capital:</source>
        <translation>Hauptstadt:</translation>
    </message>
    <message>
        <source>Unit chart:</source>
        <translation>Einheitentabelle:</translation>
    </message>
    <message>
        <source>Starting PP:</source>
        <translation>Anfangs-PP:</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>capital</source>
        <translation>Hauptstadt</translation>
    </message>
    <message>
        <source>unit chart</source>
        <translation>Einheitentabelle</translation>
    </message>
    <message>
        <source>starting PP</source>
        <translation>Anfangs-PP</translation>
    </message>
    <message>
        <source>Places and who holds them at the start: each goes to the side whose capital is nearer (a tie leaves it unheld) unless you choose otherwise in Held by. A side&apos;s income is the PP of the places it holds.</source>
        <translation>Orte und wer sie zu Beginn hält: Jeder geht an die Seite, deren Hauptstadt näher liegt (bei Gleichstand hält ihn niemand), sofern Sie unter „Gehalten von“ nichts anderes wählen. Das Einkommen einer Seite sind die PP der Orte, die sie hält.</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>Hex</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Held by</source>
        <translation>Gehalten von</translation>
    </message>
    <message>
        <source>Places</source>
        <translation>Orte</translation>
    </message>
    <message>
        <source>Each row is deployed by the engine (no PP; composition and stacking rules hold). Type a row&apos;s hex or pick it on the map; click its units to pick them from the side&apos;s unit chart; choose the corps HQ each division comes under. A blank name is the engine&apos;s numbered one.</source>
        <translation>Jede Zeile wird vom Programm aufgestellt (keine PP; Zusammensetzungs- und Stapelregeln gelten). Geben Sie das Hex einer Zeile ein oder wählen Sie es auf der Karte; klicken Sie ihre Einheiten an, um sie aus der Einheitentabelle der Seite zu wählen; wählen Sie das Korpshauptquartier, dem jede Division untersteht. Ein leerer Name ergibt den nummerierten Namen des Programms.</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>Units (click to pick from the chart)</source>
        <translation>Einheiten (klicken, um aus der Tabelle zu wählen)</translation>
    </message>
    <message>
        <source>Experience</source>
        <translation>Erfahrung</translation>
    </message>
    <message>
        <source>Dug in</source>
        <translation>Eingegraben</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Corps</source>
        <translation>Korps</translation>
    </message>
    <message>
        <source>Starting formations</source>
        <translation>Anfangsverbände</translation>
    </message>
    <message>
        <source>Blank: the engine&apos;s numbered name (1st Infantry Division)</source>
        <translation>Leer: der nummerierte Name des Programms (1st Infantry Division)</translation>
    </message>
    <message>
        <source>Add a formation</source>
        <translation>Verband hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Pick its hex on the map…</source>
        <translation>Sein Hex auf der Karte wählen…</translation>
    </message>
    <message>
        <source>The selected row&apos;s hex: click it on the campaign&apos;s map</source>
        <translation>Das Hex der gewählten Zeile: auf der Karte des Feldzugs anklicken</translation>
    </message>
    <message>
        <source>Standard opening forces</source>
        <translation>Standard-Anfangskräfte</translation>
    </message>
    <message>
        <source>None (start empty)</source>
        <translation>Keine (leer beginnen)</translation>
    </message>
    <message>
        <source>%1 — %2×%3 hexes, %4 places</source>
        <translation>%1 — %2×%3 Hexfelder, %4 Orte</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>unbenannt</translation>
    </message>
    <message>
        <source>A map for the campaign</source>
        <translation>Eine Karte für den Feldzug</translation>
    </message>
    <message>
        <source>A unit chart</source>
        <translation>Eine Einheitentabelle</translation>
    </message>
    <message>
        <source>Fortifying (the draft: not for playtest)</source>
        <translation>Befestigen (Entwurf: nicht für den Testbetrieb)</translation>
    </message>
    <message>
        <source>Unspent PP carry over to the next turn</source>
        <translation>Nicht ausgegebene PP gehen in den nächsten Zug über</translation>
    </message>
    <message>
        <source>Supply rules</source>
        <translation>Versorgungsregeln</translation>
    </message>
    <message>
        <source>Out of supply: half movement</source>
        <translation>Ohne Versorgung: halbe Bewegung</translation>
    </message>
    <message>
        <source>Out of supply: no reinforcement</source>
        <translation>Ohne Versorgung: keine Verstärkung</translation>
    </message>
    <message>
        <source>Out of supply: CM ammunition Limited</source>
        <translation>Ohne Versorgung: CM-Munition „Limited“</translation>
    </message>
    <message>
        <source>The attacker&apos;s own corps artillery needs the 3-hex range</source>
        <translation>Die eigene Korpsartillerie des Angreifers braucht die Reichweite von 3 Hexfeldern</translation>
    </message>
    <message>
        <source>Foot infantry allowed in mechanised divisions</source>
        <translation>Fußinfanterie in mechanisierten Divisionen erlaubt</translation>
    </message>
    <message>
        <source>House rule: experience changes (two battles won: up a level; half the combat units lost in a battle: down one)</source>
        <translation>Hausregel: Erfahrung ändert sich (zwei Schlachten gewonnen: eine Stufe höher; die Hälfte der Kampfeinheiten in einer Schlacht verloren: eine tiefer)</translation>
    </message>
    <message>
        <source>Taking the enemy capital wins the campaign at once</source>
        <translation>Wer die feindliche Hauptstadt nimmt, gewinnt den Feldzug sofort</translation>
    </message>
    <message>
        <source>the defender</source>
        <translation>der Verteidiger</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>niemand</translation>
    </message>
    <message>
        <source>After a DRAW the battlefield is held by:</source>
        <translation>Nach einem UNENTSCHIEDEN hält das Schlachtfeld:</translation>
    </message>
    <message>
        <source>Experience of new formations:</source>
        <translation>Erfahrung neuer Verbände:</translation>
    </message>
    <message>
        <source>no last turn</source>
        <translation>kein letzter Zug</translation>
    </message>
    <message>
        <source>The campaign ends after turn:</source>
        <translation>Der Feldzug endet nach Zug:</translation>
    </message>
    <message>
        <source>no VP victory</source>
        <translation>kein Sieg nach SP</translation>
    </message>
    <message>
        <source> VP</source>
        <translation> SP</translation>
    </message>
    <message>
        <source>A side wins when it holds:</source>
        <translation>Eine Seite gewinnt, wenn sie hält:</translation>
    </message>
    <message>
        <source>Turn 1 is on:</source>
        <translation>Zug 1 ist am:</translation>
    </message>
    <message>
        <source> days</source>
        <translation> Tage</translation>
    </message>
    <message>
        <source>Each turn lasts:</source>
        <translation>Jeder Zug dauert:</translation>
    </message>
    <message>
        <source>none: dice from entropy</source>
        <translation>keiner: Würfel aus Entropie</translation>
    </message>
    <message>
        <source>Leave at none for a campaign between people: nobody can tell the next roll. A number makes the dice reproducible (a rematch, a test).</source>
        <translation>Für einen Feldzug zwischen Menschen auf „keiner“ lassen: Niemand kann den nächsten Wurf kennen. Eine Zahl macht die Würfel wiederholbar (eine Revanche, ein Test).</translation>
    </message>
    <message>
        <source>Dice seed:</source>
        <translation>Würfel-Startwert:</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>German initial placement counts as movement</source>
        <translation>Deutsche Erstaufstellung zählt als Bewegung</translation>
    </message>
    <message>
        <source>The first hex a German unit is placed on counts as the first hex of its move.</source>
        <translation>Das erste Hex, auf das eine deutsche Einheit gestellt wird, zählt als erstes Hex ihrer Bewegung.</translation>
    </message>
    <message>
        <source>Advance-after-combat terrain limit</source>
        <translation>Geländegrenze beim Vorrücken nach dem Kampf</translation>
    </message>
    <message>
        <source>A unit may not advance into terrain that costs more MP than its movement factor.</source>
        <translation>Eine Einheit darf nicht in Gelände vorrücken, das mehr BP kostet als ihr Bewegungsfaktor.</translation>
    </message>
    <message>
        <source>Rangers exert a British-style zone of control</source>
        <translation>Rangers üben eine Kontrollzone nach britischer Art aus</translation>
    </message>
    <message>
        <source>German Panzer units may not move through the Rangers&apos; ZOC at +2 MP.</source>
        <translation>Deutsche Panzereinheiten dürfen die Kontrollzone der Rangers nicht für +2 BP durchqueren.</translation>
    </message>
    <message>
        <source>Italian infantry ZOC is passable</source>
        <translation>Kontrollzone italienischer Infanterie ist durchlässig</translation>
    </message>
    <message>
        <source>US armor and all British/French units may move through Italian infantry ZOC at +2 MP.</source>
        <translation>US-Panzer und alle britischen/französischen Einheiten dürfen die Kontrollzone italienischer Infanterie für +2 BP durchqueren.</translation>
    </message>
    <message>
        <source>Allied air power</source>
        <translation>Alliierte Luftüberlegenheit</translation>
    </message>
    <message>
        <source>From Feb 22 one Allied attack a turn is shifted one column (or a 50/50 roll decides).</source>
        <translation>Ab dem 22. Februar wird ein alliierter Angriff je Zug um eine Spalte verschoben (oder ein 50/50-Wurf entscheidet).</translation>
    </message>
    <message>
        <source>CRT rolls above 6</source>
        <translation>KET-Würfe über 6</translation>
    </message>
    <message>
        <source>The table prints rolls 2-6 only: mirror reads 7 as 6 and s&gt;7 as 14-s; clamp, 6.</source>
        <translation>Die Tabelle zeigt nur Würfe 2–6: „Spiegeln“ liest 7 als 6 und s&gt;7 als 14−s; „Begrenzen“ liest 6.</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Würfel</translation>
    </message>
    <message>
        <source>Let the program roll, or roll real dice and enter what you threw.</source>
        <translation>Das Programm würfeln lassen, oder echte Würfel werfen und das Ergebnis eingeben.</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>50/50 roll on Feb 22</source>
        <translation>50/50-Wurf am 22. Februar</translation>
    </message>
    <message>
        <source>mirror (7 → row 6, 8 → row 6, 12 → row 2)</source>
        <translation>spiegeln (7 → Zeile 6, 8 → Zeile 6, 12 → Zeile 2)</translation>
    </message>
    <message>
        <source>clamp (every roll above 6 → row 6)</source>
        <translation>begrenzen (jeder Wurf über 6 → Zeile 6)</translation>
    </message>
    <message>
        <source>the program rolls</source>
        <translation>das Programm würfelt</translation>
    </message>
    <message>
        <source>entered by hand</source>
        <translation>von Hand eingegeben</translation>
    </message>
    <message>
        <source>easy</source>
        <translation>leicht</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>normal</translation>
    </message>
    <message>
        <source>hard</source>
        <translation>schwer</translation>
    </message>
    <message>
        <source>New Kasserine Pass game</source>
        <translation>Neues Kasserine-Pass-Spiel</translation>
    </message>
    <message>
        <source>Optional rules</source>
        <translation>Optionale Regeln</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
    <message>
        <source>Use a fixed seed (the same moves give the same dice)</source>
        <translation>Festen Startwert nutzen (gleiche Züge ergeben gleiche Würfel)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>The number the dice are drawn from when a fixed seed is used.</source>
        <translation>Die Zahl, aus der die Würfel gezogen werden, wenn ein fester Startwert genutzt wird.</translation>
    </message>
    <message>
        <source>New random seed</source>
        <translation>Neuer zufälliger Startwert</translation>
    </message>
    <message>
        <source>Without a seed every roll comes from the operating system&apos;s entropy at the moment of the roll: nobody can know the dice in advance.</source>
        <translation>Ohne Startwert kommt jeder Wurf im Moment des Wurfs aus der Entropie des Betriebssystems: Niemand kann die Würfel vorher kennen.</translation>
    </message>
    <message>
        <source>Start the game</source>
        <translation>Spiel beginnen</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>A person</source>
        <translation>Ein Mensch</translation>
    </message>
    <message>
        <source>The computer</source>
        <translation>Der Computer</translation>
    </message>
    <message>
        <source>level: %1</source>
        <translation>Stufe: %1</translation>
    </message>
    <message>
        <source>German side:</source>
        <translation>Deutsche Seite:</translation>
    </message>
    <message>
        <source>Allied side:</source>
        <translation>Alliierte Seite:</translation>
    </message>
    <message>
        <source>%1 who plays</source>
        <translation>%1: wer spielt</translation>
    </message>
    <message>
        <source>%1 player&apos;s name</source>
        <translation>%1: Name des Spielers</translation>
    </message>
    <message>
        <source>%1 computer&apos;s level</source>
        <translation>%1: Stufe des Computers</translation>
    </message>
    <message>
        <source>The computer&apos;s moves are shown:</source>
        <translation>Die Züge des Computers werden gezeigt:</translation>
    </message>
    <message>
        <source>The computer plays both sides; Game &gt; Pause the computer stops it.</source>
        <translation>Der Computer spielt beide Seiten; Spiel &gt; Computer anhalten hält ihn an.</translation>
    </message>
    <message>
        <source>You play against the computer at this computer: no hand-over screen.</source>
        <translation>Sie spielen an diesem Rechner gegen den Computer: kein Übergabebildschirm.</translation>
    </message>
    <message>
        <source>Hot-seat: both players at this computer, with a hand-over screen.</source>
        <translation>Hot-Seat: beide Spieler an diesem Rechner, mit Übergabebildschirm.</translation>
    </message>
</context>
<context>
    <name>NewMapDialog</name>
    <message>
        <source>New map</source>
        <translation>Neue Karte</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation>%1 (eigene)</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Columns:</source>
        <translation>&amp;Spalten:</translation>
    </message>
    <message>
        <source>&amp;Rows:</source>
        <translation>&amp;Zeilen:</translation>
    </message>
    <message>
        <source>Terrain &amp;palette:</source>
        <translation>Gelände&amp;palette:</translation>
    </message>
    <message>
        <source>The map&apos;s name, shown in its title and exports.</source>
        <translation>Der Name der Karte, gezeigt in ihrem Titel und in Exporten.</translation>
    </message>
    <message>
        <source>How many columns of hexes the map has.</source>
        <translation>Wie viele Spalten von Hexfeldern die Karte hat.</translation>
    </message>
    <message>
        <source>How many rows of hexes the map has.</source>
        <translation>Wie viele Zeilen von Hexfeldern die Karte hat.</translation>
    </message>
    <message>
        <source>The terrains the map is painted with.</source>
        <translation>Die Geländearten, mit denen die Karte gemalt wird.</translation>
    </message>
</context>
<context>
    <name>Recovery</name>
    <message>
        <source>Restore unsaved work?</source>
        <translation>Ungespeicherte Arbeit wiederherstellen?</translation>
    </message>
    <message>
        <source>hexcampaign did not close normally. Restore %1?</source>
        <translation>hexcampaign wurde nicht normal beendet. %1 wiederherstellen?</translation>
    </message>
    <message>
        <source>Restore unsaved play?</source>
        <translation>Ungespeichertes Spiel wiederherstellen?</translation>
    </message>
    <message>
        <source>It holds every roll that was shown. Not now keeps it in the autosave folder.</source>
        <translation>Es enthält jeden gezeigten Wurf. „Nicht jetzt“ behält es im Autospeicher-Ordner.</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Nicht jetzt</translation>
    </message>
    <message>
        <source>%1 (autosaved %2, from %3)</source>
        <translation>%1 (automatisch gesichert %2, aus %3)</translation>
    </message>
    <message>
        <source>a new map that was never saved</source>
        <translation>einer neuen, nie gespeicherten Karte</translation>
    </message>
    <message>
        <source>a new game that was never saved</source>
        <translation>einem neuen, nie gespeicherten Spiel</translation>
    </message>
    <message>
        <source>a new turn file that was never saved</source>
        <translation>einer neuen, nie gespeicherten Zugdatei</translation>
    </message>
    <message>
        <source>a new campaign that was never saved</source>
        <translation>einem neuen, nie gespeicherten Feldzug</translation>
    </message>
    <message>
        <source>a new document that was never saved</source>
        <translation>einem neuen, nie gespeicherten Dokument</translation>
    </message>
    <message>
        <source>%1 autosaved games or campaigns left for later: Game &gt; Open an autosaved game… or Campaign &gt; Open an autosaved campaign… finds them.</source>
        <translation>%1 automatisch gesicherte Spiele oder Feldzüge für später aufgehoben: Spiel &gt; Automatisch gesichertes Spiel öffnen… oder Feldzug &gt; Automatisch gesicherten Feldzug öffnen… findet sie.</translation>
    </message>
    <message>
        <source>1 autosaved game or campaign left for later: Game &gt; Open an autosaved game… or Campaign &gt; Open an autosaved campaign… finds it.</source>
        <translation>1 automatisch gesichertes Spiel oder Feldzug für später aufgehoben: Spiel &gt; Automatisch gesichertes Spiel öffnen… oder Feldzug &gt; Automatisch gesicherten Feldzug öffnen… findet es.</translation>
    </message>
    <message>
        <source>An autosave of %1 waits in the autosave folder (File &gt; Open it there to restore it later).</source>
        <translation>Eine automatische Sicherung von %1 wartet im Autospeicher-Ordner (dort mit Datei &gt; Öffnen später wiederherstellen).</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Kasserine Pass game</source>
        <translation>Kasserine-Pass-Spiel</translation>
    </message>
    <message>
        <source>CM campaign</source>
        <translation>CM-Feldzug</translation>
    </message>
    <message>
        <source>Hex map</source>
        <translation>Hexkarte</translation>
    </message>
    <message>
        <source>hexcampaign start page</source>
        <translation>hexcampaign-Startseite</translation>
    </message>
    <message>
        <source>Hex-and-counter wargaming: play Kasserine Pass against the computer or hot-seat, umpire a Combat Mission campaign, draw your own maps.  ·  version %1</source>
        <translation>Konfliktsimulation mit Hexfeldern und Spielsteinen: Kasserine Pass gegen den Computer oder im Hot-Seat spielen, einen Combat-Mission-Feldzug leiten, eigene Karten zeichnen.  ·  Version %1</translation>
    </message>
    <message>
        <source>Start page</source>
        <translation>Startseite</translation>
    </message>
    <message>
        <source>Start a new game, campaign or map, open a file, or reopen a recent file.</source>
        <translation>Ein neues Spiel, einen Feldzug oder eine Karte beginnen, eine Datei öffnen oder eine zuletzt genutzte Datei wieder öffnen.</translation>
    </message>
    <message>
        <source>New Kasserine Pass game</source>
        <translation>Neues Kasserine-Pass-Spiel</translation>
    </message>
    <message>
        <source>Feb 14–25, 1943. Play against the computer or hot-seat with a friend; every rule enforced.</source>
        <translation>14.–25. Februar 1943. Gegen den Computer oder im Hot-Seat mit einem Freund spielen; jede Regel wird durchgesetzt.</translation>
    </message>
    <message>
        <source>New CM campaign</source>
        <translation>Neuer CM-Feldzug</translation>
    </message>
    <message>
        <source>Run an operational campaign as umpire: production, moves, battles.</source>
        <translation>Einen operativen Feldzug als Schiedsrichter leiten: Produktion, Bewegungen, Schlachten.</translation>
    </message>
    <message>
        <source>New map</source>
        <translation>Neue Karte</translation>
    </message>
    <message>
        <source>Paint terrain, rivers, roads, cliffs and places on a hex grid.</source>
        <translation>Gelände, Flüsse, Straßen, Klippen und Orte auf ein Hexraster malen.</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Öffnen…</translation>
    </message>
    <message>
        <source>A saved game, a campaign or a map (.kpgame, .hxcampaign, .hexmap).</source>
        <translation>Ein gespeichertes Spiel, einen Feldzug oder eine Karte (.kpgame, .hxcampaign, .hexmap).</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>Zuletzt geöffnete Dateien</translation>
    </message>
    <message>
        <source>The files opened or saved lately, newest first; choose one to open it.</source>
        <translation>Die zuletzt geöffneten oder gespeicherten Dateien, die neueste zuerst; eine wählen, um sie zu öffnen.</translation>
    </message>
    <message>
        <source>Nothing opened yet: the files you open will be listed here.</source>
        <translation>Noch nichts geöffnet: Die Dateien, die Sie öffnen, werden hier aufgeführt.</translation>
    </message>
    <message>
        <source>%1, %2, in %3</source>
        <translation>%1, %2, in %3</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
</context>
<context>
    <name>Tools</name>
    <message>
        <source>Cliff</source>
        <translation>Klippe</translation>
    </message>
    <message>
        <source>Click or drag along hexsides to add cliffs (the higher hex is the top; on level ground, the side you started on). Shift or the right button removes.</source>
        <translation>Entlang von Hexseiten klicken oder ziehen, um Klippen zu setzen (das höhere Hex ist oben; auf ebenem Boden die Seite, auf der Sie begonnen haben). Umschalt oder die rechte Taste entfernt.</translation>
    </message>
    <message>
        <source>Elevation</source>
        <translation>Höhe</translation>
    </message>
    <message>
        <source>Raise, lower or set the level of hexes; Shift or the right button does the opposite.</source>
        <translation>Die Höhe von Hexfeldern anheben, senken oder setzen; Umschalt oder die rechte Taste bewirkt das Gegenteil.</translation>
    </message>
    <message>
        <source>Inspect</source>
        <translation>Untersuchen</translation>
    </message>
    <message>
        <source>Click a hex to see and edit everything on it in the Properties dock.</source>
        <translation>Ein Hex anklicken, um alles darauf in der Eigenschaften-Leiste zu sehen und zu bearbeiten.</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Beschriftung</translation>
    </message>
    <message>
        <source>Click a hex to write a map label on it; Shift-click removes the hex&apos;s labels.</source>
        <translation>Ein Hex anklicken, um eine Kartenbeschriftung darauf zu schreiben; Umschalt-Klick entfernt die Beschriftungen des Hex.</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>Einfügen</translation>
    </message>
    <message>
        <source>Move the copied hexes where they go and click; Escape puts them away.</source>
        <translation>Die kopierten Hexfelder an ihren Platz bewegen und klicken; Escape legt sie weg.</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Click a hex to add or edit a place; drag a place to move it; Delete removes it.</source>
        <translation>Ein Hex anklicken, um einen Ort hinzuzufügen oder zu bearbeiten; einen Ort ziehen, um ihn zu verschieben; Entf entfernt ihn.</translation>
    </message>
    <message>
        <source>Road</source>
        <translation>Straße</translation>
    </message>
    <message>
        <source>Drag from hex to hex to lay a road: from a road&apos;s end it extends that road, from anywhere else it lays a new one; a jump over several hexes follows the straight hex line. Shift or the right button removes the segments dragged over.</source>
        <translation>Von Hex zu Hex ziehen, um eine Straße zu legen: Vom Ende einer Straße aus verlängert es diese, von anderswo legt es eine neue; ein Sprung über mehrere Hexfelder folgt der geraden Hexlinie. Umschalt oder die rechte Taste entfernt die überzogenen Abschnitte.</translation>
    </message>
    <message>
        <source>Select region</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>Drag a rectangle of hexes to copy (Ctrl+C); paste (Ctrl+V) lands at its top-left.</source>
        <translation>Ein Rechteck von Hexfeldern zum Kopieren aufziehen (Strg+C); Einfügen (Strg+V) landet an seiner oberen linken Ecke.</translation>
    </message>
    <message>
        <source>Terrain brush</source>
        <translation>Geländepinsel</translation>
    </message>
    <message>
        <source>Paint the chosen terrain; drag paints a stroke; brush radius 0–3.</source>
        <translation>Die gewählte Geländeart malen; Ziehen malt einen Strich; Pinselradius 0–3.</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>Füllen</translation>
    </message>
    <message>
        <source>Flood-fill the connected region of equal terrain with the chosen terrain.</source>
        <translation>Den zusammenhängenden Bereich gleicher Geländeart mit der gewählten Geländeart füllen.</translation>
    </message>
    <message>
        <source>Eraser</source>
        <translation>Radierer</translation>
    </message>
    <message>
        <source>Reset hexes to the palette default and remove everything on them.</source>
        <translation>Hexfelder auf die Vorgabe der Palette zurücksetzen und alles darauf entfernen.</translation>
    </message>
    <message>
        <source>River</source>
        <translation>Fluss</translation>
    </message>
    <message>
        <source>Drag to draw a river: a stroke that starts on a river&apos;s end extends that river, one that starts anywhere else draws a new river. Shift or the right button removes river hexes, cutting a river in two where needed.</source>
        <translation>Ziehen, um einen Fluss zu zeichnen: Ein Strich, der am Ende eines Flusses beginnt, verlängert diesen, einer, der anderswo beginnt, zeichnet einen neuen Fluss. Umschalt oder die rechte Taste entfernt Fluss-Hexfelder und teilt einen Fluss, wo nötig.</translation>
    </message>
    <message>
        <source>Bridge</source>
        <translation>Brücke</translation>
    </message>
    <message>
        <source>Click a hex with both a road and a river to add or remove its bridge.</source>
        <translation>Ein Hex mit Straße und Fluss anklicken, um seine Brücke hinzuzufügen oder zu entfernen.</translation>
    </message>
</context>
</TS>
