"""The main window's parts (MainWindow itself is app/main_window.py):

    menus         the menu bar: menus in their usual order, File/View/Layers/Help
    recent_files  File > Open recent
    mode_switch   which mode is in charge (the editor, Kasserine, the campaign desk),
                  the Mode menu, play modes built on first use, the start page's cards,
                  the start page or the map in the middle
    status        the status bar: the hex under the pointer, the zoom, messages and
                  refusals (`show_message`, `show_refusal`)
    map_files     the map as a kind of file for the one open flow (dialogs/files.py)
    file_guard    Save that asks before replacing a file changed since it was opened
                  or saved (another window, another program, a restored autosave's)
    file_watch    the status bar says at once when another window or program
                  replaces the file of the document in charge
    drops         files dropped on the window
    screen_fit    the window within its screen at any scale factor; docks that
                  scroll when the screen is small; whole dock-tab titles
"""
