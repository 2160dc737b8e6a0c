Attribute VB_Name = "SudokuMacros"
' xl-sudoku: the buttons and the Sudoku ribbon tab. Each Sub hands its work to Python
' through xlwings' RunPython (Press); the Python side is xl_sudoku.excel. Keep these
' one-liners. The build adds Doing, each button's words, from xl_sudoku.buttons (PRESSED).
Option Explicit

Public Sub Solve()
    Press "Solve", "import xl_sudoku.excel as x; x.xl_solve()"
End Sub

Public Sub NextStep()
    Press "Step", "import xl_sudoku.excel as x; x.xl_step()"
End Sub

Public Sub Hint()
    Press "Hint", "import xl_sudoku.excel as x; x.xl_hint()"
End Sub

Public Sub ShowCandidates()
    Press "Candidates", "import xl_sudoku.excel as x; x.xl_candidates()"
End Sub

Public Sub CheckEntries()
    Press "Check", "import xl_sudoku.excel as x; x.xl_check()"
End Sub

Public Sub ClearWork()
    Press "Clear", "import xl_sudoku.excel as x; x.xl_clear()"
End Sub

Public Sub NewPuzzle()
    Press "New puzzle", "import xl_sudoku.excel as x; x.xl_new()"
End Sub

Public Sub CountSolutions()
    Press "Count solutions", "import xl_sudoku.excel as x; x.xl_count()"
End Sub

Public Sub UndoLast()
    Press "Undo", "import xl_sudoku.excel as x; x.xl_undo()"
End Sub

Public Sub CheckSetup()
    ' First what xlwings will start: if Python never answers, this stays in the status cell
    ThisWorkbook.Names("Status").RefersToRange.Value = "Python did not answer. xlwings " & XLWINGS_VERSION & " in this workbook starts: " & SetupInterpreter() & " (set INTERPRETER_WIN or INTERPRETER_MAC in xlwings.conf, see README)"
    Press "Check set-up", "import xl_sudoku.excel as x; x.xl_check_setup()"
End Sub

' A press: the status bar says what the button is about to do (Doing) before RunPython
' starts Python, so that it shows at once, Python's start-up included (issue 52). Python
' takes the status bar over (a long search's timer) and gives it back when it ends. If our
' words are still there when RunPython returns (Python failed, never started, or is a
' button that leaves the status bar alone), they go here; what Python left stays (a
' workbook without its Sudoku sheet says so there). On a Mac RunPython returns at once and
' xlwings shows its own "Running..." over ours. A VBA error on the way gives the status
' bar back, then goes on to Excel as before.
Private Sub Press(action As String, pythonCommand As String)
    Dim words As String
    Dim number As Long, origin As String, description As String
    On Error GoTo failed
    words = Doing(action)
    Application.StatusBar = words
    RunPython pythonCommand
    If StillShows(words) Then Application.StatusBar = False
    Exit Sub
failed:
    number = Err.Number
    origin = Err.Source
    description = Err.Description
    Application.StatusBar = False
    Err.Raise number, origin, description
End Sub

' True if the status bar shows these words: Excel answers False when the status bar is its own
Private Function StillShows(words As String) As Boolean
    Dim shown As Variant
    shown = Application.StatusBar
    If VarType(shown) = vbString Then StillShows = (shown = words)
End Function

Private Function SetupInterpreter() As String
    #If Mac Then
        SetupInterpreter = GetConfig("INTERPRETER_MAC", "")
    #Else
        SetupInterpreter = GetConfig("INTERPRETER_WIN", "")
    #End If
    If SetupInterpreter = "" Then SetupInterpreter = GetConfig("INTERPRETER", "python")
End Function

' Ribbon callbacks: the Sudoku tab's buttons (customUI14.xml)

Public Sub RibbonSolve(control As IRibbonControl)
    Solve
End Sub

Public Sub RibbonStep(control As IRibbonControl)
    NextStep
End Sub

Public Sub RibbonHint(control As IRibbonControl)
    Hint
End Sub

Public Sub RibbonCandidates(control As IRibbonControl)
    ShowCandidates
End Sub

Public Sub RibbonCheck(control As IRibbonControl)
    CheckEntries
End Sub

Public Sub RibbonClear(control As IRibbonControl)
    ClearWork
End Sub

Public Sub RibbonNewPuzzle(control As IRibbonControl)
    NewPuzzle
End Sub

Public Sub RibbonCountSolutions(control As IRibbonControl)
    CountSolutions
End Sub

Public Sub RibbonUndo(control As IRibbonControl)
    UndoLast
End Sub

Public Sub RibbonCheckSetup(control As IRibbonControl)
    CheckSetup
End Sub
